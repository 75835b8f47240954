import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { user } from "../db/schema/auth";
import type { Server } from "../app";

export interface TestUser {
  id: string;
  email: string;
  password: string;
  /**
   * The Cookie header that carries this user's session; empty for an unverified
   * user, who cannot sign in (requireEmailVerification).
   */
  cookie: string;
}

export interface UserOverrides {
  email?: string;
  password?: string;
  role?: "user" | "admin";
  verified?: boolean;
}

/** A fresh, unique address (at `domain` when given) so no test meets another's rows. */
export function uniqueEmail(prefix = "user", domain = "example.com"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@${domain}`;
}

/** Signs up a fresh user through better-auth (verified unless told otherwise) and, when verified, signs them in. */
export async function buildUser(server: Server, overrides: UserOverrides = {}): Promise<TestUser> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? `pw-${randomBytes(8).toString("hex")}`;
  const created = await server.auth.api.signUpEmail({ body: { email, password, name: email.split("@")[0] ?? email } });
  const verified = overrides.verified ?? true;
  await server.database.db
    .update(user)
    .set({ emailVerified: verified, role: overrides.role ?? "user" })
    .where(eq(user.id, created.user.id));
  if (!verified) return { id: created.user.id, email, password, cookie: "" };
  const signIn = await server.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password } });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  const cookie = signIn.cookies.map((item) => `${item.name}=${item.value}`).join("; ");
  return { id: created.user.id, email, password, cookie };
}
