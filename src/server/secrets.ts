import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface Secrets {
  authSecret: string;
  /** Signs the local carrier's voice tokens and its webhooks (as Twilio's auth token does Twilio's). */
  localCarrierSecret: string;
  /** Signs the local checkout's payment events (as Stripe's webhook secret does Stripe's). */
  localCheckoutSecret: string;
}

/**
 * Secrets the operator did not set are generated on first start and kept in
 * the data folder (mode 600), so sessions survive restarts without any setup.
 */
export function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, "secrets.json");
  const stored: Partial<Secrets> = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Partial<Secrets>) : {};
  const kept = (value: unknown): value is string => typeof value === "string" && value.length >= 32;
  // A secret added in a later release is generated beside the ones already kept.
  const secrets: Secrets = {
    authSecret: kept(stored.authSecret) ? stored.authSecret : generate(),
    localCarrierSecret: kept(stored.localCarrierSecret) ? stored.localCarrierSecret : generate(),
    localCheckoutSecret: kept(stored.localCheckoutSecret) ? stored.localCheckoutSecret : generate(),
  };
  if (
    secrets.authSecret !== stored.authSecret ||
    secrets.localCarrierSecret !== stored.localCarrierSecret ||
    secrets.localCheckoutSecret !== stored.localCheckoutSecret
  ) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify({ ...stored, ...secrets }, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}

function generate(): string {
  return randomBytes(32).toString("base64url");
}
