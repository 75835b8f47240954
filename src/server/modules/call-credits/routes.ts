import type { FastifyInstance } from "fastify";
import { callCreditPolicy, creditCall, saveCallCreditPolicy as saveCallCreditPolicyEndpoint } from "../../../shared/api/call-credits";
import type { EventBus } from "../../db/bus";
import type { Database } from "../../db/client";
import { requireViewer } from "../../http/access";
import { registerEndpoint } from "../../http/endpoint";
import { creditCallByAdmin } from "./admin-credit";
import { readCallCreditPolicy, saveCallCreditPolicy } from "./policy";

/** The back office's call credits: one call credited by hand, and the automatic policy. */
export function registerCallCreditRoutes(app: FastifyInstance, db: Database, bus: EventBus): void {
  registerEndpoint(app, creditCall, async ({ request, params, body }) => {
    const { userId, email } = requireViewer(request);
    return creditCallByAdmin(db, bus, { userId, email }, params.callSid, body);
  });

  registerEndpoint(app, callCreditPolicy, async () => ({ policy: await readCallCreditPolicy(db) }));

  registerEndpoint(app, saveCallCreditPolicyEndpoint, async ({ request, body }) => {
    const { userId } = requireViewer(request);
    return { policy: await saveCallCreditPolicy(db, userId, body) };
  });
}
