import { createHmac, timingSafeEqual } from "node:crypto";
import type { SignatureVerdict } from "../http/signed-access";

/**
 * Our own webhook signature, for the providers we run ourselves (the local carrier,
 * the local checkout) and for tests: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`,
 * the shape Stripe uses. The timestamp is signed too, so an old delivery cannot be
 * replayed after the tolerance.
 */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

export function signatureHeader(secret: string, rawBody: Buffer | string, at: Date = new Date()): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},v1=${digest(secret, timestamp, rawBody)}`;
}

export function verifySignatureHeader(
  secret: string,
  header: string | string[] | undefined,
  rawBody: Buffer,
  options: { now?: Date; toleranceSeconds?: number } = {},
): SignatureVerdict {
  if (header === undefined || header === "") return "missing";
  if (Array.isArray(header)) return "invalid";
  const parts = new Map(header.split(",").map((part) => part.trim().split("=", 2) as [string, string | undefined]));
  const timestamp = Number(parts.get("t"));
  const given = parts.get("v1");
  if (!Number.isSafeInteger(timestamp) || !given || !/^[0-9a-f]{64}$/.test(given)) return "invalid";
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS)) return "invalid";
  const expected = Buffer.from(digest(secret, timestamp, rawBody), "hex");
  return timingSafeEqual(expected, Buffer.from(given, "hex")) ? "valid" : "invalid";
}

function digest(secret: string, timestamp: number, rawBody: Buffer | string): string {
  return createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex");
}
