import { randomBytes } from "node:crypto";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import type { RunningServer } from "../fixtures";

/**
 * Accounts for browser tests, made through the real API of the running e2e
 * server (embedded database, local outbox). Links are read from the lines the
 * outbox prints in its block: "│ [mail] <kind> to <address>: <link>".
 */
export type MailKind = "verify_email" | "reset_password" | "existing_account" | "admin_invitation";

export interface TestAccount {
  email: string;
  password: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A fresh address nobody else's test uses. */
export function uniqueEmail(prefix = "e2e", domain = "example.com"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@${domain}`;
}

function mailLinks(server: RunningServer, to: string, kind: MailKind): string[] {
  const pattern = new RegExp(`^│ \\[mail\\] ${escapeRegExp(kind)} to ${escapeRegExp(to)}: (\\S+)$`, "gm");
  return [...server.output().matchAll(pattern)].map((match) => match[1] ?? "");
}

/** How many emails of `kind` the server has printed for `to` so far (see readMail's `after`). */
export function countMail(server: RunningServer, to: string, kind: MailKind): number {
  return mailLinks(server, to, kind).length;
}

/**
 * The latest link of `kind` the server printed for `to`, waiting for it to
 * appear. To wait for a new email (after "resend verification" or a second
 * reset request), pass `after: countMail(…)` taken before asking for it.
 */
export async function readMail(server: RunningServer, to: string, kind: MailKind, options: { after?: number; timeoutMs?: number } = {}): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const links = mailLinks(server, to, kind);
    if (links.length > (options.after ?? 0)) return links.at(-1)!;
    if (Date.now() > deadline) throw new Error(`No ${options.after ? "new " : ""}${kind} email to ${to} in the server log`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Follows an emailed link in a throw-away request context (following a
 * verification link signs that context in, which should not leak into the
 * caller's) and returns where it redirected.
 */
export async function followLink(server: RunningServer, link: string): Promise<URL> {
  const context = await playwrightRequest.newContext();
  try {
    const response = await context.get(link, { maxRedirects: 0 });
    const location = response.headers()["location"];
    if (response.status() !== 302 || !location) throw new Error(`${link} answered ${response.status()}, not a redirect`);
    return new URL(location, server.baseURL);
  } finally {
    await context.dispose();
  }
}

async function post(request: APIRequestContext, server: RunningServer, path: string, data: unknown) {
  // better-auth checks the Origin of browser-like requests against PUBLIC_URL.
  return request.post(new URL(path, server.baseURL).href, { data, headers: { origin: server.baseURL } });
}

async function verify(server: RunningServer, email: string): Promise<void> {
  const landed = await followLink(server, await readMail(server, email, "verify_email"));
  if (landed.searchParams.get("verified") !== "1") throw new Error(`verifying ${email} landed on ${landed.href}`);
}

/** Signs up through better-auth's API and follows the verification link: an account that can sign in. */
export async function createVerifiedUser(
  request: APIRequestContext,
  server: RunningServer,
  options: { email?: string; password?: string; locale?: string } = {},
): Promise<TestAccount> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? `Pw-${randomBytes(6).toString("hex")}!`;
  const response = await post(request, server, "/api/auth/sign-up/email", {
    email,
    password,
    name: email.split("@")[0],
    callbackURL: `/${options.locale ?? "en"}/auth`,
  });
  if (!response.ok()) throw new Error(`sign-up of ${email} failed: ${response.status()} ${await response.text()}`);
  await verify(server, email);
  return { email, password };
}

/** An administrator: the admin sign-up at the company domain (ADMIN_EMAIL_DOMAIN), then its password chosen from the emailed invitation. */
export async function createAdmin(
  request: APIRequestContext,
  server: RunningServer,
  options: { email?: string; password?: string; locale?: string } = {},
): Promise<TestAccount> {
  const { adminEmailDomain } = (await (await request.get(new URL("/api/auth-options", server.baseURL).href)).json()) as { adminEmailDomain: string };
  const email = options.email ?? uniqueEmail("admin", adminEmailDomain);
  const password = options.password ?? `Pw-${randomBytes(6).toString("hex")}!`;
  // Signed up with one password; the address's owner chooses the account's own from the invitation.
  const response = await post(request, server, "/api/accounts/admin-sign-up", { email, password: `Asked-${password}`, callbackURL: `/${options.locale ?? "en"}/auth` });
  if (response.status() !== 201) throw new Error(`admin sign-up of ${email} failed: ${response.status()} ${await response.text()}`);
  const landed = await followLink(server, await readMail(server, email, "admin_invitation"));
  const token = landed.searchParams.get("token");
  const chosen = await post(request, server, "/api/auth/reset-password", { token, newPassword: password });
  if (!chosen.ok()) throw new Error(`choosing the password of ${email} failed: ${chosen.status()} ${await chosen.text()}`);
  return { email, password };
}

/**
 * Signs `request` in as the account. Pass `page.request` to sign the page's
 * browser context in (it shares the cookies), without going through the form.
 */
export async function signIn(request: APIRequestContext, server: RunningServer, account: TestAccount): Promise<void> {
  const response = await post(request, server, "/api/auth/sign-in/email", { email: account.email, password: account.password });
  if (!response.ok()) throw new Error(`sign-in of ${account.email} failed: ${response.status()} ${await response.text()}`);
}
