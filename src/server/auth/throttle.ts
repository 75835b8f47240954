import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { queryRows, type Executor } from "../db/client";
import { AppError } from "../http/app-error";
import { NON_CANONICAL_MESSAGE } from "../http/canonical-path";
import { clientKey } from "../http/rate-limit";

/**
 * Brute-force limits for the password-checking and email-sending endpoints of better-auth,
 * counted per account (email) and per client address in throttle_counters, so
 * every server instance sees the same counts. Fixed windows: the first counted
 * attempt opens a window; when it has passed, counting starts again.
 */
export interface Limit {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
export const AUTH_LIMITS = {
  /**
   * Wrong passwords, wherever a password is checked (sign-in, verify-password,
   * change-password): one count per account and one per address, so guesses
   * cannot be spread over the endpoints.
   */
  password: { perEmail: { max: 5, windowMs: 15 * MINUTE }, perAddress: { max: 20, windowMs: 15 * MINUTE } },
  /** Password-reset emails asked for, failed or not. */
  passwordReset: { perEmail: { max: 3, windowMs: 60 * MINUTE }, perAddress: { max: 10, windowMs: 60 * MINUTE } },
  /** Verification emails asked for again, and confirmations of a new address. */
  verificationEmail: { perEmail: { max: 3, windowMs: 60 * MINUTE }, perAddress: { max: 10, windowMs: 60 * MINUTE } },
  /**
   * Sign-ups, each of which mails its address (a confirmation, an administrator's invitation or the
   * note to an existing account's owner): a few per address an hour, so nobody's mailbox can be
   * filled from the sign-up form. Per client address only a ceiling: an office or a school signs
   * up many people from one address.
   */
  signUp: { perEmail: { max: 3, windowMs: 60 * MINUTE }, perAddress: { max: 500, windowMs: 60 * MINUTE } },
} satisfies Record<string, { perEmail: Limit; perAddress: Limit }>;

type Action = keyof typeof AUTH_LIMITS;

/** A limited better-auth endpoint: what it counts, whose account it is, and which answers are failures. */
interface LimitedEndpoint {
  action: Action;
  /** The account is the body's email, or the signed-in session's (for endpoints that check its password). */
  account: "body" | "session";
  /** Counts only failures (given back otherwise); without it every request counts. */
  isFailure?: (answer: AuthAnswer) => boolean;
}

/** What better-auth answered: its status and, for a refusal, its error code. */
export interface AuthAnswer {
  status: number;
  code?: string | undefined;
}

const wrongPassword = (answer: AuthAnswer) => answer.status === 400 && answer.code === "INVALID_PASSWORD";

/**
 * better-auth 1.7.7's limited endpoints, by their path under /api/auth (the path
 * better-auth routes on; requests reach it only in canonical form, see
 * http/canonical-path.ts).
 */
export const LIMITED_ENDPOINTS: Readonly<Record<string, LimitedEndpoint>> = {
  // A wrong email or password answers 401; 403 (unverified, right password) is not a failure.
  "/sign-in/email": { action: "password", account: "body", isFailure: (answer) => answer.status === 401 },
  "/verify-password": { action: "password", account: "session", isFailure: wrongPassword },
  "/change-password": { action: "password", account: "session", isFailure: wrongPassword },
  "/request-password-reset": { action: "passwordReset", account: "body" },
  "/send-verification-email": { action: "verificationEmail", account: "body" },
  // Asking to move the account to a new address mails that address: counted like a verification email.
  "/change-email": { action: "verificationEmail", account: "session" },
  "/sign-up/email": { action: "signUp", account: "body" },
};

/** Our own routes that mail an address on an anonymous request, by their full path, counted as better-auth's are. */
const LIMITED_ROUTES: Readonly<Record<string, LimitedEndpoint>> = {
  "/api/accounts/admin-sign-up": { action: "signUp", account: "body" },
};

export const AUTH_BASE_PATH = "/api/auth";

interface Counter {
  count: number;
  retryAfterMs: number;
}

/** Counts one attempt under `key`, opening a new window when the last one has passed. */
export async function hitCounter(db: Executor, key: string, windowMs: number): Promise<Counter> {
  const seconds = windowMs / 1000;
  const [row] = await queryRows<{ count: number; retry_after_ms: number | string }>(
    db,
    sql`insert into throttle_counters (key, count, window_started_at) values (${key}, 1, now())
        on conflict (key) do update set
          count = case when throttle_counters.window_started_at <= now() - make_interval(secs => ${seconds}) then 1 else throttle_counters.count + 1 end,
          window_started_at = case when throttle_counters.window_started_at <= now() - make_interval(secs => ${seconds}) then now() else throttle_counters.window_started_at end
        returning count, extract(epoch from (window_started_at + make_interval(secs => ${seconds}) - now())) * 1000 as retry_after_ms`,
  );
  return { count: Number(row?.count ?? 1), retryAfterMs: Math.max(0, Number(row?.retry_after_ms ?? windowMs)) };
}

/** The attempts counted under `key` in its current window (0 when the window has passed). */
export async function peekCounter(db: Executor, key: string, windowMs: number): Promise<Counter> {
  const seconds = windowMs / 1000;
  const [row] = await queryRows<{ count: number; retry_after_ms: number | string }>(
    db,
    sql`select count, extract(epoch from (window_started_at + make_interval(secs => ${seconds}) - now())) * 1000 as retry_after_ms
        from throttle_counters where key = ${key} and window_started_at > now() - make_interval(secs => ${seconds})`,
  );
  return row ? { count: Number(row.count), retryAfterMs: Math.max(0, Number(row.retry_after_ms)) } : { count: 0, retryAfterMs: 0 };
}

/** Takes back one counted attempt (it turned out not to be a failure). */
export async function undoHit(db: Executor, key: string): Promise<void> {
  await db.execute(sql`update throttle_counters set count = greatest(count - 1, 0) where key = ${key}`);
}

export async function clearCounter(db: Executor, key: string): Promise<void> {
  await db.execute(sql`delete from throttle_counters where key = ${key}`);
}

/** Forgets windows that ended long ago, so the table holds only recent attempts. */
export async function pruneCounters(db: Executor, olderThanMs = 24 * 60 * MINUTE): Promise<void> {
  await db.execute(sql`delete from throttle_counters where window_started_at < now() - make_interval(secs => ${olderThanMs / 1000})`);
}

/** What the pre-handler counted for a request, settled once better-auth has answered. */
interface Ticket {
  endpoint: LimitedEndpoint;
  keys: { key: string; kind: "email" | "address" }[];
}

declare module "fastify" {
  interface FastifyRequest {
    authThrottle?: Ticket;
  }
}

function tooMany(retryAfterMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / MINUTE));
  return new AppError(429, "rate_limited", `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`);
}

/** The limited endpoint a request path (under /api/auth, or one of LIMITED_ROUTES; query ignored) names, if any. */
export function limitedEndpointOf(url: string): { path: string; endpoint: LimitedEndpoint } | null {
  const pathname = url.split("?")[0] ?? "";
  const own = LIMITED_ROUTES[pathname];
  if (own) return { path: pathname, endpoint: own };
  if (!pathname.startsWith(`${AUTH_BASE_PATH}/`)) return null;
  const path = pathname.slice(AUTH_BASE_PATH.length);
  const endpoint = LIMITED_ENDPOINTS[path];
  return endpoint ? { path, endpoint } : null;
}

/**
 * Set while better-auth handles a request that came through /api/auth/*: the
 * limited endpoint the throttle counted it for (or null). better-auth's own
 * before-hook (auth.ts) compares it with the endpoint it is about to run, so no
 * way of reaching a limited endpoint can skip the count.
 */
const countedFor = new AsyncLocalStorage<{ path: string | null }>();

export function runCounted<T>(request: FastifyRequest, run: () => Promise<T>): Promise<T> {
  const counted = request.method === "POST" ? limitedEndpointOf(request.url)?.path ?? null : null;
  return countedFor.run({ path: counted }, run);
}

/**
 * For better-auth's before-hook: the refusal of a limited endpoint that is about
 * to run for an HTTP request the throttle did not count for that endpoint (else
 * undefined). Calls from our own code (no HTTP request in scope) are not limited.
 * A Response rather than a thrown error: better-auth would log a thrown one as its own failure.
 */
export function uncountedRefusal(endpointPath: string | undefined): Response | undefined {
  const scope = countedFor.getStore();
  if (!scope || endpointPath === undefined) return undefined;
  if (LIMITED_ENDPOINTS[endpointPath] === undefined || scope.path === endpointPath) return undefined;
  return Response.json({ code: "path_not_canonical", message: NON_CANONICAL_MESSAGE }, { status: 400 });
}

export interface AuthThrottle {
  /** Fastify preHandler for /api/auth/*: refuses with 429 before better-auth runs when a limit is reached. */
  preHandler(request: FastifyRequest): Promise<void>;
  /** After better-auth answered: an attempt that did not fail is given back, a successful one clears its account's count. */
  settle(request: FastifyRequest, answer: AuthAnswer): Promise<void>;
}

export interface ThrottleDependencies {
  /** The email of the request's signed-in account, or null (for endpoints that check the session's password). */
  sessionEmail(request: FastifyRequest): Promise<string | null>;
}

export function createAuthThrottle(db: Executor, dependencies: ThrottleDependencies, limits = AUTH_LIMITS): AuthThrottle {
  return {
    async preHandler(request) {
      if (request.method !== "POST") return;
      const endpoint = limitedEndpointOf(request.url)?.endpoint;
      if (!endpoint) return;
      const rule = limits[endpoint.action];
      // The body's email is already canonical (routes.ts); the session's is stored canonical.
      const email = endpoint.account === "body" ? bodyEmail(request.body) : await dependencies.sessionEmail(request);
      // Without a session better-auth refuses at once (401) and checks no password: nothing to count.
      if (endpoint.account === "session" && email === null) return;
      const keys: Ticket["keys"] = [{ key: `${endpoint.action}:address:${clientKey(request.ip)}`, kind: "address" }];
      if (email) keys.push({ key: `${endpoint.action}:email:${email}`, kind: "email" });
      const limitOf = (kind: "email" | "address") => (kind === "email" ? rule.perEmail : rule.perAddress);

      // Refuse at once when a window is already full; otherwise count this attempt
      // up front, so parallel attempts cannot all slip past the check.
      for (const { key, kind } of keys) {
        const seen = await peekCounter(db, key, limitOf(kind).windowMs);
        if (seen.count >= limitOf(kind).max) throw tooMany(seen.retryAfterMs);
      }
      const hits = await Promise.all(keys.map(({ key, kind }) => hitCounter(db, key, limitOf(kind).windowMs)));
      const over = hits.findIndex((hit, index) => hit.count > limitOf(keys[index]!.kind).max);
      if (over !== -1) {
        await Promise.all(keys.map(({ key }) => undoHit(db, key)));
        throw tooMany(hits[over]!.retryAfterMs);
      }
      request.authThrottle = { endpoint, keys };
    },

    async settle(request, answer) {
      const ticket = request.authThrottle;
      if (!ticket?.endpoint.isFailure || ticket.endpoint.isFailure(answer)) return;
      // Not a failure: give the attempt back; a success also clears its account's count.
      const succeeded = answer.status < 300;
      await Promise.all(ticket.keys.map(({ key, kind }) => (succeeded && kind === "email" ? clearCounter(db, key) : undoHit(db, key))));
    },
  };
}

function bodyEmail(body: unknown): string {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  return typeof email === "string" ? email : "";
}
