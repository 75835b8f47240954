import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { session } from "../../db/schema/auth";

/**
 * A call grant ties the calls a device places to the sign-in it was started from. The voice
 * token names only the account, and with Twilio the device reaches the gate through the
 * carrier, with no cookie: a token copied out of a browser would go on placing calls on the
 * account for its hour after its owner signed out, reset the password or ended every session.
 * The device sends the grant it got with its token as a call parameter (`Grant`, forwarded by
 * the carrier to the voice webhook), and the gate lets the call through only while that
 * session is still live (gate.ts). Signed with the server's secret: a grant cannot be made up
 * or moved to another account or session.
 *
 * Its form: `<session id>.<expiry, Unix seconds>.<HMAC-SHA256, base64url>`.
 */
export interface CallGrantClaims {
  userId: string;
  sessionId: string;
  expiresAt: Date;
}

/** What the HMAC covers: the purpose, the account, the session and the expiry. */
const signed = (secret: string, userId: string, sessionId: string, expirySeconds: number): Buffer =>
  createHmac("sha256", secret).update(`call-grant\n${userId}\n${sessionId}\n${expirySeconds}`).digest();

export function issueCallGrant(secret: string, claims: CallGrantClaims): string {
  const expirySeconds = Math.floor(claims.expiresAt.getTime() / 1000);
  return `${claims.sessionId}.${expirySeconds}.${signed(secret, claims.userId, claims.sessionId, expirySeconds).toString("base64url")}`;
}

/** The session a grant names for `userId`, or null when it is malformed, signed for another account, forged or expired. */
export function readCallGrant(secret: string, grant: string, userId: string, now: Date): string | null {
  const match = /^([A-Za-z0-9_-]{1,128})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(grant);
  if (!match) return null;
  const [, sessionId = "", expiry = "", signature = ""] = match;
  const expirySeconds = Number(expiry);
  if (expirySeconds * 1000 <= now.getTime()) return null;
  const expected = signed(secret, userId, sessionId, expirySeconds);
  const given = Buffer.from(signature, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected) ? sessionId : null;
}

/** Whether the grant names a session of `userId` that is still live: not signed out, not ended by a reset, not expired. */
export async function grantStillLive(tx: Executor, secret: string, grant: string | undefined, userId: string, now = new Date()): Promise<boolean> {
  const sessionId = grant ? readCallGrant(secret, grant, userId, now) : null;
  if (!sessionId) return false;
  const [live] = await tx
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId), gt(session.expiresAt, now)))
    .limit(1);
  return live !== undefined;
}
