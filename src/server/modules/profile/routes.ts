import type { FastifyInstance } from "fastify";
import { deleteAccount, exportMyData, getProfile as getProfileEndpoint, updateProfile, updateSpending } from "../../../shared/api/profile";
import { SESSION_COOKIE_NAME } from "../../auth/auth";
import type { BusPublisher } from "../../db/bus";
import type { Database } from "../../db/client";
import { requireViewer } from "../../http/access";
import { registerEndpoint } from "../../http/endpoint";
import { deleteOwnAccount } from "./account-deletion";
import { exportFileName, exportPersonalData } from "./data-export";
import { changeProfile, getProfile, presentSpending } from "./service";
import { saveSpending } from "./spending";

/** The signed-in person's profile: every query is by the session's own user id. */
export function registerProfileRoutes(app: FastifyInstance, db: Database, bus: BusPublisher): void {
  registerEndpoint(app, getProfileEndpoint, async ({ request, reply }) => {
    reply.header("cache-control", "no-store");
    return getProfile(db, requireViewer(request).userId);
  });

  registerEndpoint(app, updateProfile, async ({ request, body }) => changeProfile(db, requireViewer(request).userId, body));

  registerEndpoint(app, updateSpending, async ({ request, body }) => {
    const { userId } = requireViewer(request);
    return presentSpending(db, userId, await saveSpending(db, userId, body));
  });

  registerEndpoint(app, exportMyData, async ({ request, reply }) => {
    reply.header("content-disposition", `attachment; filename="${exportFileName()}"`).header("cache-control", "no-store");
    return exportPersonalData(db, requireViewer(request).userId);
  });

  registerEndpoint(app, deleteAccount, async ({ request, reply, body }) => {
    await deleteOwnAccount(db, bus, requireViewer(request).userId, body.confirmation);
    // The sessions are gone from the database; the browser forgets its cookie too (either name better-auth may have used).
    reply.header("set-cookie", [SESSION_COOKIE_NAME, `__Secure-${SESSION_COOKIE_NAME}`].map((name) => `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`));
    return { status: "deleted" as const };
  });
}
