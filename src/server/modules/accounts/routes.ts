import type { FastifyInstance } from "fastify";
import { PASSWORD_MIN_LENGTH } from "../../../shared/accounts/credentials";
import { adminSignUp, authOptions, currentAccount } from "../../../shared/api/accounts";
import type { Auth } from "../../auth/auth";
import { createAuthThrottle } from "../../auth/throttle";
import { requestHeaders } from "../../auth/viewer";
import type { Config } from "../../config";
import type { Executor } from "../../db/client";
import { requireViewer } from "../../http/access";
import { registerEndpoint } from "../../http/endpoint";
import { describeAccount, signUpAdmin } from "./service";

export function registerAccountRoutes(app: FastifyInstance, deps: { db: Executor; auth: Auth; config: Config }): void {
  registerEndpoint(app, currentAccount, async ({ request, reply }) => {
    reply.header("cache-control", "no-store");
    return describeAccount(deps.db, requireViewer(request));
  });

  registerEndpoint(app, authOptions, async ({ reply }) => {
    reply.header("cache-control", "public, max-age=300");
    return { google: deps.config.google !== undefined, adminEmailDomain: deps.config.adminEmailDomain, passwordMinLength: PASSWORD_MIN_LENGTH };
  });

  // Counted like better-auth's sign-up (auth/throttle.ts): each one mails its address.
  const throttle = createAuthThrottle(deps.db, { sessionEmail: async () => null });
  registerEndpoint(app, adminSignUp, async ({ body, request }) => {
    await throttle.preHandler(request);
    await signUpAdmin({ auth: deps.auth, adminEmailDomain: deps.config.adminEmailDomain }, body, requestHeaders(request));
    return { status: "verification_sent" as const };
  });
}
