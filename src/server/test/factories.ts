import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { user } from "../db/schema/auth";
import type { Server } from "../app";

export interface TestUser {
  id: string;
  email: string;
  password: string;
  /** The Cookie header that carries this user's session. */
  cookie: string;
}

/** Signs up a fresh user through better-auth (verified unless told otherwise) and signs them in. */
export async function buildUser(server: Server, overrides: { email?: string; role?: "user" | "admin"; verified?: boolean } = {}): Promise<TestUser> {
  const email = overrides.email ?? `user-${randomBytes(5).toString("hex")}@example.com`;
  const password = `pw-${randomBytes(8).toString("hex")}`;
  const created = await server.auth.api.signUpEmail({ body: { email, password, name: email.split("@")[0] ?? email } });
  await server.database.db
    .update(user)
    .set({ emailVerified: overrides.verified ?? true, role: overrides.role ?? "user" })
    .where(eq(user.id, created.user.id));
  const signIn = await server.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password } });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  const cookie = signIn.cookies.map((item) => `${item.name}=${item.value}`).join("; ");
  return { id: created.user.id, email, password, cookie };
}
