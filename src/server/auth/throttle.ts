import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { queryRows, type Executor } from "../db/client";
import { AppError } from "../http/app-error";

/**
 * Brute-force limits for the sign-in and email-sending endpoints of better-auth,
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
  /** Failed sign-ins (wrong email or password). */
  signIn: { perEmail: { max: 5, windowMs: 15 * MINUTE }, perAddress: { max: 20, windowMs: 15 * MINUTE } },
  /** Password-reset emails asked for, failed or not. */
  passwordReset: { perEmail: { max: 3, windowMs: 60 * MINUTE }, perAddress: { max: 10, windowMs: 60 * MINUTE } },
  /** Verification emails asked for again. */
  verificationEmail: { perEmail: { max: 3, windowMs: 60 * MINUTE }, perAddress: { max: 10, windowMs: 60 * MINUTE } },
} satisfies Record<string, { perEmail: Limit; perAddress: Limit }>;

type Action = keyof typeof AUTH_LIMITS;

/** better-auth 1.7.7's paths (under /api/auth) that are limited, and what they count. */
const LIMITED_PATHS: Record<string, Action> = {
  "/api/auth/sign-in/email": "signIn",
  "/api/auth/request-password-reset": "passwordReset",
  "/api/auth/send-verification-email": "verificationEmail",
};

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
  action: Action;
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

export interface AuthThrottle {
  /** Fastify preHandler for /api/auth/*: refuses with 429 before better-auth runs when a limit is reached. */
  preHandler(request: FastifyRequest): Promise<void>;
  /** After better-auth answered: a sign-in that did not fail is not counted, a successful one clears its email. */
  settle(request: FastifyRequest, status: number): Promise<void>;
}

export function createAuthThrottle(db: Executor, limits = AUTH_LIMITS): AuthThrottle {
  return {
    async preHandler(request) {
      if (request.method !== "POST") return;
      const action = LIMITED_PATHS[request.url.split("?")[0] ?? ""];
      if (!action) return;
      const rule = limits[action];
      const body = request.body as { email?: unknown } | null | undefined;
      const email = typeof body?.email === "string" ? body.email.trim().toLowerCase() : "";
      const keys: Ticket["keys"] = [{ key: `${action}:address:${request.ip}`, kind: "address" }];
      if (email) keys.push({ key: `${action}:email:${email}`, kind: "email" });
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
      request.authThrottle = { action, keys };
    },

    async settle(request, status) {
      const ticket = request.authThrottle;
      if (!ticket || ticket.action !== "signIn") return;
      // Only a wrong email or password (401) is a failed sign-in; anything else gives the attempt back.
      if (status === 401) return;
      await Promise.all(
        ticket.keys.map(({ key, kind }) => (status < 300 && kind === "email" ? clearCounter(db, key) : undoHit(db, key))),
      );
    },
  };
}
