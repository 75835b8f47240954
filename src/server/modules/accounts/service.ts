import { asc, eq } from "drizzle-orm";
import { isAPIError } from "better-auth/api";
import type { z } from "zod";
import { displayNameFromEmail } from "../../../shared/accounts/display-name";
import { toSupportedLocale } from "../../../shared/i18n/locales";
import type { adminSignUp, currentAccount } from "../../../shared/api/accounts";
import type { Auth } from "../../auth/auth";
import type { Viewer } from "../../auth/viewer";
import { surfaceAuthOutage } from "../../auth/swallowed-outage";
import type { Executor } from "../../db/client";
import { account, user } from "../../db/schema/auth";
import { AppError, unauthorized } from "../../http/app-error";
import { isAdminDomain, withAdminRequest } from "./admin-role";

/** GET /api/me: the role and providers as the database has them now, and when this session ends. */
export async function describeAccount(db: Executor, viewer: Viewer): Promise<z.infer<typeof currentAccount.response>> {
  const [row] = await db
    .select({ id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified, role: user.role, locale: user.locale })
    .from(user)
    .where(eq(user.id, viewer.userId));
  // The session outlived its account (deleted meanwhile): the web signs out on 401.
  if (!row) throw unauthorized("This account no longer exists");
  const accounts = await db.select({ providerId: account.providerId }).from(account).where(eq(account.userId, viewer.userId)).orderBy(asc(account.providerId));
  return {
    ...row,
    role: row.role === "admin" ? "admin" : "user",
    locale: toSupportedLocale(row.locale) ?? null,
    providers: [...new Set(accounts.map((linked) => linked.providerId))],
    sessionExpiresAt: viewer.sessionExpiresAt.toISOString(),
  };
}

type AdminSignUpBody = z.infer<NonNullable<(typeof adminSignUp)["body"]>>;

/**
 * POST /api/accounts/admin-sign-up: a company-domain account created through
 * better-auth's own sign-up (same password rules, same verification email),
 * marked as asking for the administrator role. The role itself is granted only
 * when the emailed link is followed (grantRequestedAdmin).
 *
 * An address that already has an account gets the very same answer: better-auth
 * answers with a look-alike account that is never stored, mails the owner a note
 * (auth.ts, onExistingUserSignUp) and changes nothing in the existing account.
 */
export async function signUpAdmin(deps: { auth: Auth; adminEmailDomain: string }, body: AdminSignUpBody, headers: Headers): Promise<void> {
  // Canonical already: the endpoint's schema made it so before validating it.
  const email = body.email;
  if (!isAdminDomain(email, deps.adminEmailDomain)) {
    throw new AppError(403, "admin_domain_required", `Administrator accounts need an email address at ${deps.adminEmailDomain}.`);
  }
  const callbackURL = body.callbackURL ?? "/en/auth";
  try {
    await withAdminRequest({ page: callbackURL, acceptLanguage: headers.get("accept-language") }, () =>
      surfaceAuthOutage(
        () =>
          deps.auth.api.signUpEmail({
            body: { email, password: body.password, name: body.name || displayNameFromEmail(email), callbackURL },
            headers,
          }),
        () => false,
      ),
    );
  } catch (error) {
    throw fromAuthError(error);
  }
}

const STATUS_OF: Record<number, AppError["status"]> = { 400: 400, 401: 401, 403: 403, 404: 404, 409: 409, 422: 422, 429: 429, 503: 503 };

/** better-auth's refusals keep their code and message; anything else is ours to log. */
function fromAuthError(error: unknown): unknown {
  if (!isAPIError(error)) return error;
  const body = (error.body ?? {}) as { code?: string; message?: string };
  const status = STATUS_OF[error.statusCode];
  if (!status) return error;
  return new AppError(status, body.code ?? "bad_request", body.message ?? error.message);
}
