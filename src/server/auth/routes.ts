import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { canonicalEmail } from "../../shared/accounts/canonical-email";
import type { Executor } from "../db/client";
import type { Auth } from "./auth";
import { surfaceAuthOutage } from "./swallowed-outage";
import { createAuthThrottle, runCounted } from "./throttle";
import { requestHeaders, resolveViewer } from "./viewer";

/** Body fields of better-auth's endpoints that hold an email address. */
const EMAIL_FIELDS = ["email", "newEmail"] as const;

/**
 * Hands /api/auth/* to better-auth, translating between Fastify and the Fetch API it speaks.
 * Emails in the body are made canonical first, so the throttle and better-auth see one form;
 * the throttle refuses brute force before better-auth runs and counts its failures after.
 * Paths arrive canonical (http/canonical-path.ts), so the path the throttle reads is the
 * one better-auth routes on.
 */
export function registerAuthRoutes(app: FastifyInstance, auth: Auth, db: Executor): void {
  const throttle = createAuthThrottle(db, { sessionEmail: async (request) => (await resolveViewer(auth, request))?.email ?? null });
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    config: { access: "public" },
    schema: { hide: true },
    preValidation: async (request) => canonicalizeEmails(request),
    preHandler: (request) => throttle.preHandler(request),
    async handler(request, reply) {
      const url = new URL(request.url, `http://${request.headers.host ?? "localhost"}`);
      const hasBody = request.method !== "GET" && request.body !== undefined && request.body !== null;
      // A failure after better-auth logged a lost database throws that error: 503 (swallowed-outage.ts).
      const response = await runCounted(request, () =>
        surfaceAuthOutage(
          () =>
            auth.handler(
              new Request(url, {
                method: request.method,
                headers: requestHeaders(request),
                ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
              }),
            ),
          (answer) => answer.status >= 500,
        ),
      );
      // Any other 500 of better-auth's hides its cause (it logged it): our error handler answers it,
      // as 503 when the database does not answer now, else as a 500 without internals.
      if (response.status === 500) throw new Error(`better-auth answered 500: ${await response.text()}`);
      const body = response.body ? await response.text() : null;
      await throttle.settle(request, { status: response.status, code: errorCodeOf(body) });
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== "set-cookie") reply.header(name, value);
      });
      if (url.pathname === "/api/auth/verify-email") markVerified(reply, response);
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header("set-cookie", cookies);
      return reply.send(body);
    },
  });
}

function canonicalizeEmails(request: FastifyRequest): void {
  const body = request.body;
  if (typeof body !== "object" || body === null) return;
  const fields = body as Record<string, unknown>;
  for (const field of EMAIL_FIELDS) {
    const value = fields[field];
    if (typeof value === "string") fields[field] = canonicalEmail(value);
  }
}

/** better-auth's refusals are { code, message }. */
function errorCodeOf(body: string | null): string | undefined {
  if (!body?.startsWith("{")) return undefined;
  try {
    const code = (JSON.parse(body) as { code?: unknown }).code;
    return typeof code === "string" ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A followed verification link redirects to its callbackURL (/{lang}/auth). On
 * success we add ?verified=1 so the web can say 'Email Verified'; a failure
 * already carries ?error=CODE (INVALID_TOKEN, TOKEN_EXPIRED, USER_NOT_FOUND).
 */
function markVerified(reply: FastifyReply, response: Response): void {
  const location = response.headers.get("location");
  if (response.status < 300 || response.status >= 400 || !location) return;
  const target = new URL(location, "http://relative.invalid");
  if (target.searchParams.has("error")) return;
  target.searchParams.set("verified", "1");
  reply.header("location", target.origin === "http://relative.invalid" ? `${target.pathname}${target.search}${target.hash}` : target.href);
}
