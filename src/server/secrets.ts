import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface Secrets {
  authSecret: string;
}

/**
 * Secrets the operator did not set are generated on first start and kept in
 * the data folder (mode 600), so sessions survive restarts without any setup.
 */
export function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, "secrets.json");
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as Partial<Secrets>;
    if (typeof stored.authSecret === "string" && stored.authSecret.length >= 32) return { authSecret: stored.authSecret };
  }
  const secrets: Secrets = { authSecret: randomBytes(32).toString("base64url") };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}
