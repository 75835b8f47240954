import { expect, test } from "./fixtures";
import { countMail, createAdmin, createVerifiedUser, followLink, readMail, signIn, uniqueEmail } from "./support/accounts";

// The account helpers other browser tests build on, proven against the running server.

test("createVerifiedUser makes a customer who can sign in", async ({ request, server }) => {
  const customer = await createVerifiedUser(request, server, { locale: "sv" });
  await signIn(request, server, customer);
  const me = await request.get("/api/me");
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: customer.email, role: "user", emailVerified: true, providers: ["credential"] });
  expect((await request.get("/api/admin/overview")).status()).toBe(403);
});

test("createAdmin makes an administrator who can reach admin endpoints", async ({ request, server }) => {
  const admin = await createAdmin(request, server);
  expect(admin.email).toMatch(/@dialwise\.example$/);
  await signIn(request, server, admin);
  expect(await (await request.get("/api/me")).json()).toMatchObject({ email: admin.email, role: "admin" });
  expect((await request.get("/api/admin/overview")).status()).toBe(200);
});

test("an unverified account is refused, and readMail follows the newest link after a resend", async ({ request, server }) => {
  const email = uniqueEmail();
  const headers = { origin: server.baseURL };
  await request.post("/api/auth/sign-up/email", { data: { email, password: "secret-one", name: "New", callbackURL: "/fr/auth" }, headers });
  const refused = await request.post("/api/auth/sign-in/email", { data: { email, password: "secret-one" }, headers });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe("EMAIL_NOT_VERIFIED");

  const first = await readMail(server, email, "verify_email");
  expect(first).toContain("callbackURL=%2Ffr%2Fauth");
  const sent = countMail(server, email, "verify_email");
  await request.post("/api/auth/send-verification-email", { data: { email, callbackURL: "/fr/auth" }, headers });
  const second = await readMail(server, email, "verify_email", { after: sent });
  expect(countMail(server, email, "verify_email")).toBe(2);
  expect((await followLink(server, second)).href).toBe(`${server.baseURL}/fr/auth?verified=1`);
  expect((await request.post("/api/auth/sign-in/email", { data: { email, password: "secret-one" }, headers })).status()).toBe(200);
});

test("a reset link from the log lands on the reset page with its token, and works once", async ({ request, server }) => {
  const customer = await createVerifiedUser(request, server);
  const headers = { origin: server.baseURL };
  await request.post("/api/auth/request-password-reset", { data: { email: customer.email, redirectTo: "/de/reset-password" }, headers });
  const landed = await followLink(server, await readMail(server, customer.email, "reset_password"));
  expect(landed.pathname).toBe("/de/reset-password");
  const token = landed.searchParams.get("token");
  expect(token).toBeTruthy();

  expect((await request.post("/api/auth/reset-password", { data: { token, newPassword: "a-new-secret" }, headers })).status()).toBe(200);
  await signIn(request, server, { email: customer.email, password: "a-new-secret" });
  const reused = await followLink(server, await readMail(server, customer.email, "reset_password"));
  expect(reused.searchParams.get("error")).toBe("INVALID_TOKEN");
});
