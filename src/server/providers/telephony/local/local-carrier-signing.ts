import { createHmac, timingSafeEqual } from "node:crypto";
import type { CarrierQuality } from "../../../../shared/api/call-credits";
import type { Carrier, CarrierCall } from "../carrier";
import { LOCAL_CALLER_ID, VOICE_TOKEN_TTL_SECONDS } from "../carrier";

/**
 * The local carrier's secret and its voice tokens: an HS256 JWT (identity = the
 * user's id, expiry 1 h), the same kind of token Twilio's device carries, so the
 * browser handles both alike. Its webhooks are signed with the same secret, the
 * way Twilio signs with its auth token.
 *
 * This holds no calls of its own: the WebRTC carrier builds on it and knows its
 * calls; until then every call is unknown to it (fetchCall answers null), and the
 * reconcile job ends such calls as decision 011 says.
 */
export class LocalCarrierSigning implements Carrier {
  readonly name = "local" as const;
  readonly callerId: string | null = LOCAL_CALLER_ID;

  constructor(readonly webhookAuthToken: string, private readonly now: () => Date = () => new Date()) {
    if (webhookAuthToken.length < 32) throw new Error("the local carrier's secret must be at least 32 characters");
  }

  voiceToken(userId: string): { token: string; identity: string; expiresAt: Date } {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    const expires = issuedAt + VOICE_TOKEN_TTL_SECONDS;
    const token = signJwt(this.webhookAuthToken, { sub: userId, identity: userId, iat: issuedAt, exp: expires, iss: "dialwise-local-carrier" });
    return { token, identity: userId, expiresAt: new Date(expires * 1000) };
  }

  /** The identity in a token this carrier signed and that has not expired; null otherwise. */
  verifyVoiceToken(token: string): { identity: string; expiresAt: Date } | null {
    const claims = verifyJwt(this.webhookAuthToken, token);
    if (!claims || typeof claims.identity !== "string" || typeof claims.exp !== "number") return null;
    if (claims.exp * 1000 <= this.now().getTime()) return null;
    return { identity: claims.identity, expiresAt: new Date(claims.exp * 1000) };
  }

  async fetchCall(_callSid: string): Promise<CarrierCall | null> {
    return null;
  }

  /** It carried no calls, so it measured none. */
  async callQuality(_callSid: string): Promise<CarrierQuality | "pending" | null> {
    return null;
  }

  /** Holds no calls, so has none to end. */
  async endCall(_userId: string, _callSid: string): Promise<boolean> {
    return false;
  }
}

const HEADER = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));

function signJwt(secret: string, claims: Record<string, unknown>): string {
  const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${createHmac("sha256", secret).update(body).digest("base64url")}`;
}

function verifyJwt(secret: string, token: string): Record<string, unknown> | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  // Only our own header: a token naming another algorithm ("none") is refused outright.
  if (header !== HEADER) return null;
  const expected = createHmac("sha256", secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return typeof claims === "object" && claims !== null ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function base64url(text: string): string {
  return Buffer.from(text, "utf8").toString("base64url");
}
