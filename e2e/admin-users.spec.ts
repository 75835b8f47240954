import { expect, test } from "./fixtures";
import { createAdmin, createVerifiedUser, signIn } from "./support/accounts";
import { seriousAccessibilityProblems } from "./support/accessibility";

/**
 * The back office's users: an admin finds a customer, adds credit with a reason, and bans them.
 * The customer, signed in beside it in a browser of their own, loses their session at once: the
 * next call is refused (no voice token, no call placed) and signing in again says the account is suspended.
 */
test("an admin finds a customer, adjusts their credit, bans them, and the customer can no longer call or sign in", async ({ page, browser, server }) => {
  const customerContext = await browser.newContext({ baseURL: server.baseURL });
  const customerPage = await customerContext.newPage();
  const customer = await createVerifiedUser(customerPage.request, server);
  await signIn(customerPage.request, server, customer);
  // Before the ban the customer may ask for a voice token, the first step of every call.
  expect((await customerPage.request.post("/api/voice/token", { headers: { origin: server.baseURL } })).status()).toBe(200);

  const admin = await createAdmin(page.request, server);
  await signIn(page.request, server, admin);
  await page.goto("/en/users");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Users");
  await page.getByRole("search", { name: "Filter accounts" }).getByLabel("Email or name").fill(customer.email);
  // The search lives in the address, so the view survives a reload.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(customer.email).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  const rows = page.getByRole("region", { name: "Accounts" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  expect(await seriousAccessibilityProblems(page)).toEqual([]);
  await rows.nth(1).getByRole("link").click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Customer");
  await expect(page.getByText(customer.email, { exact: true })).toBeVisible();
  const form = page.getByRole("form", { name: "Adjust a balance" });
  await form.getByLabel("Amount (USD)").fill("4.25");
  await form.getByLabel("Reason").fill("Welcome credit after a support call");
  await form.getByRole("button", { name: "Apply adjustment" }).click();
  const ledger = page.getByRole("region", { name: "Latest ledger entries" });
  await expect(ledger).toContainText("$4.2500");
  await expect(ledger).toContainText("Welcome credit after a support call");
  const audit = page.getByRole("region", { name: "Changes by administrators" });
  await expect(audit).toContainText("Credit adjusted");
  await expect(audit).toContainText(`by ${admin.email}`);

  await page.getByRole("button", { name: "Ban", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Ban this account?" });
  await dialog.getByLabel("Reason").fill("Card testing from many addresses");
  await dialog.getByRole("button", { name: "Ban account" }).click();
  // Every session of the customer ends: the one the verification link opened and the one signed in above.
  await expect(page.getByText("Account banned. Sessions ended: 2. Calls hung up: 0.")).toBeVisible();
  await expect(page.getByText("Card testing from many addresses").first()).toBeVisible();
  await expect(audit).toContainText("Banned");
  await expect(page.getByRole("button", { name: "Lift ban" })).toBeVisible();
  expect(await seriousAccessibilityProblems(page)).toEqual([]);

  // The customer's next call is refused: the session it would be placed with is gone.
  expect((await customerPage.request.post("/api/voice/token", { headers: { origin: server.baseURL } })).status()).toBe(401);
  expect((await customerPage.request.post("/api/calls/quote", { headers: { origin: server.baseURL }, data: { number: "+12025550123" } })).status()).toBe(401);
  // And signing in again is refused with a clear message.
  await customerPage.goto("/en/auth");
  await customerPage.getByLabel("Email").fill(customer.email);
  await customerPage.getByLabel("Password").fill(customer.password);
  await customerPage.getByRole("button", { name: "Sign In" }).last().click();
  await expect(customerPage.getByRole("alert")).toHaveText("This account is suspended. Please contact support.");
  await customerContext.close();
});

test("the users list works on a phone in Arabic", async ({ browser, server }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: server.baseURL });
  const page = await context.newPage();
  const admin = await createAdmin(page.request, server);
  await signIn(page.request, server, admin);
  await page.goto("/ar/users");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("المستخدمون");
  await expect(page.getByRole("list", { name: "الحسابات" })).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(390);
  expect(await seriousAccessibilityProblems(page)).toEqual([]);
  await context.close();
});
