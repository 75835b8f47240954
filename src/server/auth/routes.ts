import type { FastifyInstance, FastifyReply } from "fastify";
import type { Auth } from "./auth";
import type { AuthThrottle } from "./throttle";
import { requestHeaders } from "./viewer";

/**
 * Hands /api/auth/* to better-auth, translating between Fastify and the Fetch API it speaks.
 * The throttle refuses brute force before better-auth runs and counts its failures after.
 */
export function registerAuthRoutes(app: FastifyInstance, auth: Auth, throttle: AuthThrottle): void {
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    config: { access: "public" },
    schema: { hide: true },
    preHandler: (request) => throttle.preHandler(request),
    async handler(request, reply) {
      const url = new URL(request.url, `http://${request.headers.host ?? "localhost"}`);
      const hasBody = request.method !== "GET" && request.body !== undefined && request.body !== null;
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers: requestHeaders(request),
          ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
        }),
      );
      await throttle.settle(request, response.status);
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== "set-cookie") reply.header(name, value);
      });
      if (url.pathname === "/api/auth/verify-email") markVerified(reply, response);
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header("set-cookie", cookies);
      return reply.send(response.body ? await response.text() : null);
    },
  });
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
