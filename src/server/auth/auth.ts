import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import type { FastifyBaseLogger } from "fastify";
import { PASSWORD_MIN_LENGTH } from "../../shared/accounts/credentials";
import { fitDisplayName } from "../../shared/accounts/display-name";
import type { Config } from "../config";
import type { BusPublisher } from "../db/bus";
import type { Database } from "../db/client";
import { account, session, user, verification } from "../db/schema/auth";
import { adminSignUpAttempt, awaitsAdminInvitation, isAdminRequestInProgress, verifyByPasswordLink } from "../modules/accounts/admin-role";
import type { Locale } from "../../shared/i18n/locales";
import { emailLocale, pageLocale, renderAccountEmail } from "../modules/accounts/emails";
import type { AccountMailKind } from "../providers/email/email";
import type { Mailer } from "../providers/email/mail-jobs";
import { emailChangeOf, revokeEmailChangeLinks, revokedEmailChangeRefusal } from "./change-email";
import { accountImageRule } from "./account-image";
import { displayNameRule } from "./display-name";
import { preferredLocaleOf } from "../modules/accounts/preferred-locale";
import { betterAuthLog } from "./log-bridge";
import { prepareExistingAccountNote } from "./existing-account-note";
import { createResetLink, revokeResetLinks, type ResetLinkStore } from "./reset-links";
import { uncountedRefusal } from "./throttle";
import { refuseBannedSession } from "./banned-sign-in";
import { announceStreamAccessChange } from "../modules/events/stream-access";

/** Names better-auth's cookies: the session is `dialwise.session_token` (`__Secure-` before it over HTTPS). */
export const AUTH_COOKIE_PREFIX = "dialwise";
export const SESSION_COOKIE_NAME = `${AUTH_COOKIE_PREFIX}.session_token`;

export interface AuthDependencies {
  db: Database;
  /** A session that ends is announced on it, so every instance ends the event streams it opened. */
  bus: BusPublisher;
  config: Config;
  /** The origins whose pages are ours (http/site-origins.ts): PUBLIC_URL, and the local addresses when it is the local default. */
  trustedOrigins: readonly string[];
  secret: string;
  /** Account emails are queued; a worker sends them (providers/email/mail-jobs.ts). */
  mail: Mailer;
  /** better-auth's own log lines go here (the server's logger), not to the console. */
  log?: FastifyBaseLogger;
  /** Replaces better-auth's scrypt (tests: see test/fast-password-hash.ts); scrypt when absent. */
  passwordHasher?: PasswordHasher;
}

/** How passwords are hashed and checked: better-auth's `emailAndPassword.password` option. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

const HOUR = 60 * 60;
const DAY = 24 * HOUR;
/** Sessions last a week and are extended at most once a day while used (the web warns before expiry). */
export const SESSION_SECONDS = { expiresIn: 7 * DAY, updateAge: DAY } as const;
/** How long emailed links work; the emails say so (emails.verify.expires, emails.reset.expires). */
export const LINK_SECONDS = { verifyEmail: DAY, resetPassword: HOUR } as const;

/** What an account's owner does to shut someone out: a new password, or ending sessions (all, or all others). */
const SECURING_PATHS = new Set(["/change-password", "/revoke-sessions", "/revoke-other-sessions"]);

/** better-auth owns passwords, sessions and OAuth; we own roles and what a role may do. */
export function createAuth({ db, bus, config, trustedOrigins, secret, mail, log, passwordHasher }: AuthDependencies) {
  const sendAccountEmail = async (
    kind: AccountMailKind,
    to: string,
    url: string,
    request: Request | undefined,
    options: { locale?: Locale; resetUrl?: string; userId?: string; values?: Record<string, string> } = {},
  ) => {
    // The account's preferred language first (its profile's, else its sign-up page's), then the page's.
    const saved = options.userId ? await preferredLocaleOf(db, options.userId) : undefined;
    const locale = options.locale ?? saved ?? emailLocale(url, request?.headers.get("accept-language"));
    const message = await renderAccountEmail(db, kind, locale, {
      to,
      url,
      ...(options.resetUrl ? { resetUrl: options.resetUrl } : {}),
      ...(options.values ? { values: options.values } : {}),
    });
    // Only the queueing can fail here (the database); a mail server that refuses the message
    // shows up as a dead job in the back office, and its sender sees the request accepted.
    try {
      await mail.queue(message);
    } catch (error) {
      log?.error({ err: error, kind }, "an account email could not be queued");
      throw new APIError("SERVICE_UNAVAILABLE", {
        code: "email_send_failed",
        message: "We could not send the email just now. Please try again in a few minutes.",
      });
    }
  };

  // better-auth's context, once built below: the note to an account's owner and an administrator's invitation store their reset links there.
  const built: { context?: Promise<ResetLinkStore> } = {};
  const resetLink = async (userId: string, locale: Locale, lifetimeSeconds: number) => {
    if (!built.context) throw new Error("better-auth is not set up yet");
    return createResetLink(await built.context, userId, locale, lifetimeSeconds);
  };
  const noteDependencies = {
    db,
    publicUrl: config.publicUrl,
    resetLink: (userId: string, locale: Locale) => resetLink(userId, locale, LINK_SECONDS.resetPassword),
  };

  const auth = betterAuth({
    appName: "Dialwise",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [...trustedOrigins],
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification } }),
    user: {
      // A change of address is approved from the current address first (a session alone, maybe a thief's,
      // cannot move the account), then confirmed from the new one; until then the old one signs in.
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: ({ user: owner, newEmail, url }, request) =>
          sendAccountEmail("approve_email_change", owner.email, url, request, { userId: owner.id, values: { new_email: newEmail } }),
      },
      additionalFields: {
        // input: false: a sign-up or profile request can never choose its own role.
        role: { type: "string", required: false, defaultValue: "user", input: false },
        // Set only by POST /api/accounts/admin-sign-up (see admin-role.ts), never from a request body.
        adminRequested: { type: "boolean", required: false, defaultValue: false, input: false, returned: false },
        // The preferred language: the sign-up page's at creation, then the profile's (emails use it).
        locale: { type: "string", required: false, input: false, returned: false },
        // Set only by an admin's ban (decision 039); read with every session, so a banned account has none.
        banned: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      ...(passwordHasher ? { password: passwordHasher } : {}),
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      // An unverified email account gets no session: sign-in answers 403 EMAIL_NOT_VERIFIED.
      requireEmailVerification: true,
      resetPasswordTokenExpiresIn: LINK_SECONDS.resetPassword,
      // A new password ends every session, including a thief's, and every other reset link.
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user: reset }) => {
        await revokeResetLinks(db, reset.id);
        await revokeEmailChangeLinks(db, reset.id, LINK_SECONDS.verifyEmail);
        // The emailed link proved the address: it is verified, and an administrator sign-up granted its role (admin-role.ts).
        if (await verifyByPasswordLink(db, config.adminEmailDomain, reset)) log?.info({ userId: reset.id }, "administrator role granted: password set from the invitation");
      },
      // The link goes to /api/auth/reset-password/:token, which redirects to the web's
      // /{lang}/reset-password?token=… (or ?error=INVALID_TOKEN).
      sendResetPassword: ({ user: to, url }, request) => sendAccountEmail("reset_password", to.email, url, request, { userId: to.id }),
      // A sign-up with an address that has an account answers like a new sign-up (no way to learn who has
      // an account) and mails the owner a note with links to sign in and to choose a new password.
      onExistingUserSignUp: async ({ user: owner }, request) => {
        // A direct call (the admin sign-up) brings no request: its scope says where it came from.
        const note = await prepareExistingAccountNote(noteDependencies, owner, { request, ...adminSignUpAttempt() });
        if (!note) {
          log?.info({ userId: owner.id }, "sign-up attempt with an existing account's address: hourly notes already sent");
          return;
        }
        await sendAccountEmail("existing_account", owner.email, note.signInUrl, request, { locale: note.locale, resetUrl: note.resetUrl, userId: owner.id });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: LINK_SECONDS.verifyEmail,
      // The link goes to /api/auth/verify-email, which redirects to the callbackURL (/{lang}/auth);
      // routes.ts adds ?verified=1 on success, better-auth adds ?error=CODE on failure.
      // A change of address (user.changeEmail) is confirmed from the new address with its own wording.
      // An administrator sign-up not yet verified gets the invitation instead: a link to choose the password (admin-role.ts).
      sendVerificationEmail: async ({ user: to, url }, request) => {
        if (emailChangeOf(url)) return sendAccountEmail("change_email", to.email, url, request, { userId: to.id });
        if (!(await awaitsAdminInvitation(db, to.id))) return sendAccountEmail("verify_email", to.email, url, request, { userId: to.id });
        const locale = emailLocale(url, request?.headers.get("accept-language"));
        const invitation = await resetLink(to.id, locale, LINK_SECONDS.verifyEmail);
        return sendAccountEmail("admin_invitation", to.email, invitation, request, { userId: to.id });
      },
      afterEmailVerification: async (verified, request) => {
        // The address was just changed: the old one hears of it, in case it was not its owner's doing.
        const change = emailChangeOf(request?.url);
        if (change && verified.email === change.updateTo) {
          await sendAccountEmail("email_changed", change.email, `${config.publicUrl}/${(await preferredLocaleOf(db, verified.id)) ?? "en"}/support`, request, {
            userId: verified.id,
            values: { new_email: change.updateTo },
          });
        }
      },
    },
    databaseHooks: {
      // A banned account gets no session, whichever way it signs in (password, Google, a verification link); asked
      // only once the password was checked, so the answer tells nothing to someone who does not know it.
      session: {
        create: { before: async (data) => refuseBannedSession(db, data.userId) },
        // Signed out, revoked, ended by a new password or found expired: its event streams end on every instance.
        // better-auth runs this once the deletion committed; if the message cannot go, the session is gone all
        // the same and the streams' periodic check ends them (modules/events/stream-access-check.ts).
        delete: {
          after: async (ended) => {
            await announceStreamAccessChange(bus, ended.userId, { sessionId: ended.id }).catch((error: unknown) =>
              log?.warn({ err: error, userId: ended.userId }, "an ended session could not be announced to event streams"),
            );
          },
        },
      },
      user: {
        create: {
          before: async (data, endpoint) => {
            const callbackURL = (endpoint?.body as { callbackURL?: unknown } | undefined)?.callbackURL;
            const acceptLanguage = endpoint?.request?.headers.get("accept-language") ?? endpoint?.headers?.get("accept-language");
            const locale = pageLocale(typeof callbackURL === "string" ? callbackURL : undefined, acceptLanguage) ?? null;
            // A name from a Google profile has no limit of its own: made plain and cut (sign-up's was checked already).
            const name = fitDisplayName(data.name);
            // The admin sign-up endpoint runs better-auth's sign-up inside this scope.
            return { data: { ...data, name, locale, ...(isAdminRequestInProgress() ? { adminRequested: true } : {}) } };
          },
        },
      },
    },
    // Every live session is a row of the session table, read by the event streams' checks and the call gate's
    // grant (modules/calls/call-grant.ts): a cookie cache or a secondary storage would have to keep them there too.
    session: { expiresIn: SESSION_SECONDS.expiresIn, updateAge: SESSION_SECONDS.updateAge },
    // Google with PKCE (better-auth always sends a code verifier for Google); shown only when configured.
    // Redirect URI to register with Google: {PUBLIC_URL}/api/auth/callback/google.
    ...(config.google
      ? { socialProviders: { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret, prompt: "select_account" as const } } }
      : {}),
    // Our own limiter covers the API; better-auth's in-memory one would not be shared between instances.
    // Brute force on passwords and the email endpoints: ./throttle.ts (counts in the database).
    rateLimit: { enabled: false },
    // Errors that are not better-auth's own answers (a database outage, a bug) reach our error
    // handler (503 or 500, logged once) instead of an empty 500 and a line on the console.
    onAPIError: { throw: true },
    hooks: {
      // A limited endpoint runs for an HTTP request only when the throttle counted it for that endpoint.
      // Then a picture that is not a short https address is refused (account-image.ts), and a display
      // name is made plain, or refused when too long (display-name.ts).
      // An email-change link issued before the account's password changed or its sessions ended is refused (change-email.ts).
      before: createAuthMiddleware(
        async (ctx) =>
          uncountedRefusal(ctx.path) ?? accountImageRule(ctx.path, ctx.body) ?? displayNameRule(ctx.path, ctx.body) ?? (await revokedEmailChangeRefusal(db, ctx.path, ctx.query)),
      ),
      after: createAuthMiddleware(async (ctx) => {
        // A changed password ends outstanding reset links too (a reset does so in onPasswordReset), and with ended
        // sessions it ends the email-change links asked for so far: a thief's session may have asked for one.
        const session = ctx.context.session;
        if (!session || isAPIError(ctx.context.returned)) return;
        if (ctx.path === "/change-password") await revokeResetLinks(db, session.user.id);
        if (SECURING_PATHS.has(ctx.path)) await revokeEmailChangeLinks(db, session.user.id, LINK_SECONDS.verifyEmail);
      }),
    },
    advanced: { cookiePrefix: AUTH_COOKIE_PREFIX },
    telemetry: { enabled: false },
    logger: {
      // warn, not info: better-auth's info lines name the email of a repeated sign-up.
      level: "warn",
      log: log ? betterAuthLog(log) : () => undefined,
    },
  });
  built.context = auth.$context;
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
