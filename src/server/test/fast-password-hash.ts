import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { verifyPassword } from "better-auth/crypto";
import type { PasswordHasher } from "../auth/auth";

/**
 * A password hash for tests only: a salted SHA-256, where better-auth's scrypt costs about
 * half a second per sign-up and sign-in on a busy two-core machine and the integration tests
 * sign up hundreds of people. It is still a real hash with a real check (a wrong password
 * fails), so every flow behaves as in production; `passwords.test.ts` runs the real scrypt.
 * A hash written by the real one (an account made by a maintenance script in a test) is
 * checked by the real one.
 */
export const fastTestPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `test-sha256:${salt}:${digest(salt, password)}`;
  },
  async verify({ hash, password }) {
    const [scheme, salt, expected] = hash.split(":");
    if (scheme !== "test-sha256") return verifyPassword({ hash, password });
    if (salt === undefined || expected === undefined) return false;
    return timingSafeEqual(Buffer.from(digest(salt, password), "hex"), Buffer.from(expected, "hex"));
  },
};

function digest(salt: string, password: string): string {
  return createHash("sha256").update(`${salt}:${password}`).digest("hex");
}
