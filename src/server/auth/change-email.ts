import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { user, verification } from "../db/schema/auth";

/**
 * better-auth's email links carry a signed token (a JWT) whose payload says what the link is
 * for. These read it from a link better-auth built or has just verified, to choose our email:
 * a change of address is confirmed from the new address, and the old one is told afterwards.
 * Nothing here trusts the token: better-auth checked its signature before any of this runs.
 */

export interface EmailChangeToken {
  /** The address the account had when the change was asked for. */
  email: string;
  /** The address it moves to. */
  updateTo: string;
}

/** The email-change step of a verification link (its `token` parameter), or null for any other link. */
export function emailChangeOf(link: string | undefined): EmailChangeToken | null {
  if (!link) return null;
  let token: string | null;
  try {
    token = new URL(link, "http://localhost").searchParams.get("token");
  } catch {
    return null;
  }
  const parsed = token ? tokenPayload(token) : null;
  if (parsed?.requestType !== "change-email-verification" || typeof parsed.email !== "string" || typeof parsed.updateTo !== "string") return null;
  return { email: parsed.email, updateTo: parsed.updateTo };
}

/** The fields of a link token's payload these functions read, unchecked; null for text that is no JWT. */
function tokenPayload(token: string): { email?: unknown; updateTo?: unknown; requestType?: unknown; iat?: unknown } | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return typeof parsed === "object" && parsed !== null ? parsed : null;
  } catch {
    return null;
  }
}

/** The verification row that says when an account's outstanding email-change links stopped working (its value: epoch ms). */
const revokedMarker = (userId: string) => `email-change-revoked:${userId}`;

/**
 * Ends every email-change link an account has been sent so far, both the approval its
 * current address received and the confirmation its new one did: called when its
 * password is reset or changed or its sessions are ended, so a change a thief asked for
 * while signed in cannot be finished afterwards. The links are signed tokens better-auth
 * does not store, so what is stored is the moment: a link issued before it is refused
 * (verify-email's before-hook, emailChangeLinkRevoked). Kept as long as a link lives.
 */
export async function revokeEmailChangeLinks(db: Executor, userId: string, linkLifetimeSeconds: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, revokedMarker(userId)));
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: revokedMarker(userId),
      value: String(now.getTime()),
      expiresAt: new Date(now.getTime() + linkLifetimeSeconds * 1000),
    });
  });
}

/** The email-change step a verify-email token is for, its account's address and when it was issued; null for any other token. */
function emailChangeStep(token: string): { email: string; issuedAtSeconds: number } | null {
  const parsed = tokenPayload(token);
  if (parsed?.requestType !== "change-email-confirmation" && parsed?.requestType !== "change-email-verification") return null;
  if (typeof parsed.email !== "string" || typeof parsed.iat !== "number") return null;
  return { email: parsed.email, issuedAtSeconds: parsed.iat };
}

/**
 * Whether a verify-email token is an email-change link issued before its account's links were
 * revoked. Read before better-auth checks the signature, so it trusts nothing it reads: a
 * forged token names an account and a time, and at worst is refused here instead of there.
 * A link issued in the same second as the revocation counts as before it (the token keeps
 * whole seconds): asking again is the cost, never a link that outlived a new password.
 */
export async function emailChangeLinkRevoked(db: Executor, token: string): Promise<boolean> {
  const step = emailChangeStep(token);
  if (step === null) return false;
  const [row] = await db
    .select({ revokedAt: verification.value })
    .from(verification)
    .innerJoin(user, eq(verification.identifier, sql`'email-change-revoked:' || ${user.id}`))
    .where(eq(user.email, step.email))
    .limit(1);
  return row !== undefined && step.issuedAtSeconds * 1000 <= Number(row.revokedAt);
}

/**
 * verify-email's answer to a revoked email-change link: back to the page it returns to with
 * better-auth's own error for a dead link (`?error=INVALID_TOKEN`), as an expired one is; only a
 * path on this site is followed, never another origin. Undefined for any other request.
 */
export async function revokedEmailChangeRefusal(db: Executor, path: string | undefined, query: unknown): Promise<Response | undefined> {
  if (path !== "/verify-email" || typeof query !== "object" || query === null) return undefined;
  const { token, callbackURL } = query as { token?: unknown; callbackURL?: unknown };
  if (typeof token !== "string" || !(await emailChangeLinkRevoked(db, token))) return undefined;
  const back = new URL(typeof callbackURL === "string" ? callbackURL : "/", "http://here.invalid");
  if (back.origin !== "http://here.invalid") return Response.json({ code: "INVALID_TOKEN", message: "Invalid token" }, { status: 401 });
  back.searchParams.set("error", "INVALID_TOKEN");
  return new Response(null, { status: 302, headers: { location: `${back.pathname}${back.search}` } });
}
