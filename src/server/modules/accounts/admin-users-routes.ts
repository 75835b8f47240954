import type { FastifyInstance } from "fastify";
import { adminUserBan, adminUserDetail, adminUserRole, adminUsers, adminUsersCsv, adminUserUnban, adminUserVerificationEmail } from "../../../shared/api/admin-users";
import { DEFAULT_LOCALE } from "../../../shared/i18n/locales";
import { acceptedLocale } from "./emails";
import type { Auth } from "../../auth/auth";
import type { BusPublisher } from "../../db/bus";
import type { Database } from "../../db/client";
import { requireViewer } from "../../http/access";
import { registerEndpoint } from "../../http/endpoint";
import type { Carrier } from "../../providers/telephony/carrier";
import { changeRole, resendVerification } from "./admin-account-changes";
import { banUser, unbanUser } from "./admin-ban";
import { userDetail } from "./admin-user-detail";
import { allUsers, listUsers } from "./admin-user-list";
import { adminUsersCsv as writeAdminUsersCsv } from "./admin-users-csv";
import { csvDownload } from "../../http/csv-download";

export interface AdminUsersDeps {
  db: Database;
  bus: BusPublisher;
  auth: Auth;
  carrier: Pick<Carrier, "endCall">;
}

/** The back office's customers: the list, one customer's page, and the audited changes an admin makes to an account. */
export function registerAdminUsersRoutes(app: FastifyInstance, { db, bus, auth, carrier }: AdminUsersDeps): void {
  const adminOf = (request: Parameters<typeof requireViewer>[0]) => {
    const { userId, email } = requireViewer(request);
    return { userId, email };
  };

  registerEndpoint(app, adminUsers, async ({ query }) => listUsers(db, query));
  // Registered before /api/admin/users/:userId is matched: the router prefers this static path.
  registerEndpoint(app, adminUsersCsv, async ({ request, reply, query }) => {
    const { lang, sort, dir, ...filter } = query;
    const locale = lang ?? acceptedLocale(request.headers["accept-language"]) ?? DEFAULT_LOCALE;
    const csv = await writeAdminUsersCsv(db, await allUsers(db, filter, { sort, dir }), locale);
    csvDownload(reply, "users");
    return csv;
  });
  registerEndpoint(app, adminUserDetail, async ({ params }) => userDetail(db, params.userId));
  registerEndpoint(app, adminUserRole, async ({ request, params, body }) => changeRole(db, bus, adminOf(request), params.userId, body.role));
  registerEndpoint(app, adminUserBan, async ({ request, params, body }) => banUser({ db, bus, carrier, log: request.log }, adminOf(request), params.userId, body.reason));
  registerEndpoint(app, adminUserUnban, async ({ request, params, body }) => unbanUser(db, adminOf(request), params.userId, body.reason));
  registerEndpoint(app, adminUserVerificationEmail, async ({ request, params }) => resendVerification(db, auth, adminOf(request), params.userId));
}
