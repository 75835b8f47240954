import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import type { FastifyBaseLogger } from "fastify";
import { PASSWORD_MIN_LENGTH } from "../../shared/accounts/credentials";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { account, session, user, verification } from "../db/schema/auth";
import { grantRequestedAdmin, isAdminRequestInProgress } from "../modules/accounts/admin-role";
import { emailLocale, renderAccountEmail } from "../modules/accounts/emails";
import type { EmailProvider, MailKind } from "../providers/email/email";

export interface AuthDependencies {
  db: Database;
  config: Config;
  secret: string;
  email: EmailProvider;
  /** better-auth's own log lines go here (the server's logger), not to the console. */
  log?: FastifyBaseLogger;
}

const HOUR = 60 * 60;
const DAY = 24 * HOUR;
/** Sessions last a week and are extended at most once a day while used (the web warns before expiry). */
export const SESSION_SECONDS = { expiresIn: 7 * DAY, updateAge: DAY } as const;
/** How long emailed links work; the emails say so (emails.verify.expires, emails.reset.expires). */
export const LINK_SECONDS = { verifyEmail: DAY, resetPassword: HOUR } as const;

/** better-auth owns passwords, sessions and OAuth; we own roles and what a role may do. */
export function createAuth({ db, config, secret, email, log }: AuthDependencies) {
  const sendAccountEmail = async (kind: MailKind, to: string, url: string, request: Request | undefined) => {
    const message = await renderAccountEmail(db, kind, emailLocale(url, request?.headers.get("accept-language")), { to, url });
    try {
      await email.send(message);
    } catch (error) {
      log?.error({ err: error, kind }, "an account email could not be sent");
      throw new APIError("SERVICE_UNAVAILABLE", {
        code: "email_send_failed",
        message: "We could not send the email just now. Please try again in a few minutes.",
      });
    }
  };

  return betterAuth({
    appName: "Dialwise",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification } }),
    user: {
      additionalFields: {
        // input: false: a sign-up or profile request can never choose its own role.
        role: { type: "string", required: false, defaultValue: "user", input: false },
        // Set only by POST /api/accounts/admin-sign-up (see admin-role.ts), never from a request body.
        adminRequested: { type: "boolean", required: false, defaultValue: false, input: false, returned: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      // An unverified email account gets no session: sign-in answers 403 EMAIL_NOT_VERIFIED.
      requireEmailVerification: true,
      resetPasswordTokenExpiresIn: LINK_SECONDS.resetPassword,
      // A new password ends every session, including a thief's.
      revokeSessionsOnPasswordReset: true,
      // The link goes to /api/auth/reset-password/:token, which redirects to the web's
      // /{lang}/reset-password?token=… (or ?error=INVALID_TOKEN).
      sendResetPassword: ({ user: to, url }, request) => sendAccountEmail("reset_password", to.email, url, request),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: LINK_SECONDS.verifyEmail,
      // The link goes to /api/auth/verify-email, which redirects to the callbackURL (/{lang}/auth);
      // routes.ts adds ?verified=1 on success, better-auth adds ?error=CODE on failure.
      sendVerificationEmail: ({ user: to, url }, request) => sendAccountEmail("verify_email", to.email, url, request),
      afterEmailVerification: async (verified) => {
        const granted = await grantRequestedAdmin(db, config.adminEmailDomain, verified);
        if (granted) log?.info({ userId: verified.id }, "administrator role granted after email verification");
      },
    },
    databaseHooks: {
      user: {
        create: {
          // The admin sign-up endpoint runs better-auth's sign-up inside this scope.
          before: async (data) => (isAdminRequestInProgress() ? { data: { ...data, adminRequested: true } } : undefined),
        },
      },
    },
    session: { expiresIn: SESSION_SECONDS.expiresIn, updateAge: SESSION_SECONDS.updateAge },
    // Google with PKCE (better-auth always sends a code verifier for Google); shown only when configured.
    // Redirect URI to register with Google: {PUBLIC_URL}/api/auth/callback/google.
    ...(config.google
      ? { socialProviders: { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret, prompt: "select_account" as const } } }
      : {}),
    // Our own limiter covers the API; better-auth's in-memory one would not be shared between instances.
    // Brute force on sign-in and the email endpoints: ./throttle.ts (counts in the database).
    rateLimit: { enabled: false },
    advanced: { cookiePrefix: "dialwise" },
    telemetry: { enabled: false },
    logger: {
      // warn, not info: better-auth's info lines name the email of a repeated sign-up.
      level: "warn",
      log: (level, message, ...args) => {
        if (!log) return;
        const details = args.length > 0 ? { details: args } : {};
        if (level === "error") log.error(details, `better-auth: ${message}`);
        else if (level === "warn") log.warn(details, `better-auth: ${message}`);
        else if (level === "info") log.info(details, `better-auth: ${message}`);
        else log.debug(details, `better-auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
