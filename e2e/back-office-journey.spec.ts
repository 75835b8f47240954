import { randomBytes } from "node:crypto";
import { moneyToDecimal, parseMoney } from "../src/shared/money";
import { expect, test } from "./fixtures";
import { seriousAccessibilityProblems } from "./support/accessibility";
import { createAdmin, signIn } from "./support/accounts";
import { settledCall } from "./support/carrier-calls";
import { startFundedServer, type FundedServer } from "./support/funded-server";

/**
 * One administrator's afternoon in the back office, as the business runs it: find a customer,
 * give them credit with a reason, credit back a call that went wrong, ban them (their next call
 * and sign-in are refused), and correct a French string that visitors then see without a restart.
 * The customer holds $1 and made one 70 s call to a UK mobile ($0.0580 a minute, two started minutes).
 */
let funded: FundedServer;
test.beforeAll(async () => {
  funded = await startFundedServer(["1"]);
  await settledCall(funded.running, funded.accounts[0]!, 70);
});
test.afterAll(async () => funded?.stop());

const usd = moneyToDecimal;

test("an admin finds a customer, adjusts their credit, credits back a call, bans them, and corrects a French string", async ({ browser }) => {
  test.setTimeout(150_000);
  const { baseURL } = funded.running;
  const customer = funded.accounts[0]!;
  // Worked out here: $1 funded, two minutes at $0.0580 billed.
  const callCost = 2 * parseMoney("0.0580");
  const afterCall = parseMoney("1") - callCost;

  const customerContext = await browser.newContext({ baseURL, timezoneId: "UTC", locale: "en-US" });
  const customerPage = await customerContext.newPage();
  await signIn(customerPage.request, funded.running, customer);
  const balance = async () => ((await (await customerPage.request.get("/api/credits/balance")).json()) as { balance: string }).balance;
  expect(await balance()).toBe(usd(afterCall));

  const adminContext = await browser.newContext({ baseURL, timezoneId: "UTC", locale: "en-US" });
  const page = await adminContext.newPage();
  const admin = await createAdmin(page.request, funded.running);
  await signIn(page.request, funded.running, admin);

  // 1. Find the customer.
  await page.goto("/en/users");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Users");
  await page.getByRole("search", { name: "Filter accounts" }).getByLabel("Email or name").fill(customer.email);
  const rows = page.getByRole("region", { name: "Accounts" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  await rows.nth(1).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Customer");
  await expect(page.getByText(customer.email, { exact: true })).toBeVisible();
  const customerPageUrl = page.url();

  // 2. Adjust their credit with a reason.
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
  const afterAdjustment = afterCall + parseMoney("4.25");
  await expect.poll(balance).toBe(usd(afterAdjustment));

  // 3. Credit back half of the call, from its page among the customers' calls.
  await page.goto("/en/calls");
  await page.getByRole("button", { name: "Details of the call with \u2066+44 7106 123456\u2069" }).click();
  const dialog = page.getByRole("dialog", { name: "Call details" });
  const credit = dialog.getByRole("form", { name: "Credit back" });
  // The whole cost is offered.
  await expect(credit.getByLabel("Amount (USD)")).toHaveValue(String(Number(usd(callCost))));
  await credit.getByLabel("Amount (USD)").fill("0.058");
  await credit.getByLabel("Reason").fill("The line dropped after the first minute");
  await credit.getByRole("button", { name: "Credit back" }).click();
  await expect(dialog).toContainText("WhyCredited by an admin");
  await expect(dialog).toContainText("ReasonThe line dropped after the first minute");
  await expect(dialog.getByRole("form", { name: "Credit back" })).toHaveCount(0);
  expect(await seriousAccessibilityProblems(page, ['[role="dialog"]'])).toEqual([]);
  await page.keyboard.press("Escape");
  const afterCredit = afterAdjustment + parseMoney("0.058");
  await expect.poll(balance).toBe(usd(afterCredit));
  // The customer sees it in their history.
  await customerPage.goto("/en/history");
  const historyRow = customerPage.getByRole("region", { name: "Your calls" }).getByRole("row").nth(1);
  await expect(historyRow).toContainText("\u2068$0.0580\u2069 credited back");
  await expect(historyRow).toContainText("Credited by our team");

  // 4. Ban them: their sessions end, the next call is refused, and so is signing in.
  expect((await customerPage.request.post("/api/voice/token", { headers: { origin: baseURL } })).status()).toBe(200);
  await page.goto(customerPageUrl);
  await page.getByRole("button", { name: "Ban", exact: true }).click();
  const ban = page.getByRole("dialog", { name: "Ban this account?" });
  await ban.getByLabel("Reason").fill("Card testing from many addresses");
  await ban.getByRole("button", { name: "Ban account" }).click();
  await expect(page.getByText(/^Account banned\. Sessions ended: \d+\. Calls hung up: 0\.$/)).toBeVisible();
  await expect(audit).toContainText("Banned");
  await expect(page.getByRole("region", { name: "Latest ledger entries" })).toContainText("$0.0580");
  expect((await customerPage.request.post("/api/voice/token", { headers: { origin: baseURL } })).status()).toBe(401);
  expect((await customerPage.request.post("/api/calls/quote", { headers: { origin: baseURL }, data: { number: "+12025550123" } })).status()).toBe(401);
  await customerPage.goto("/en/auth");
  await customerPage.getByLabel("Email").fill(customer.email);
  await customerPage.getByLabel("Password").fill(customer.password);
  await customerPage.getByRole("button", { name: "Sign In" }).last().click();
  await expect(customerPage.getByRole("alert")).toHaveText("This account is suspended. Please contact support.");

  // 5. Correct a French string: a visitor sees it on the French home page without a restart.
  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/fr");
  const shipped = ((await visitorPage.getByRole("heading", { level: 1 }).textContent()) ?? "").trim();
  expect(shipped).not.toBe("");
  await page.goto("/en/translations?language=fr&q=hero.title");
  await expect(page.getByRole("heading", { level: 1, name: "Translations" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "hero.title" }).first();
  await expect(row).toContainText(shipped);
  expect(await seriousAccessibilityProblems(page)).toEqual([]);
  const corrected = `Appelez le monde entier au meilleur prix ${randomBytes(2).toString("hex")}`;
  await row.getByRole("button", { name: "Edit hero.title" }).click();
  const editor = page.getByRole("form", { name: "Edit translation hero.title" });
  await editor.getByLabel("Text in Français").fill(corrected);
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: "hero.title" }).first()).toContainText(corrected);
  // The visitor's next page is rendered again with the new string, not the kept page or a cached answer.
  await visitorPage.reload();
  await expect(visitorPage.getByRole("heading", { level: 1 })).toHaveText(corrected);
  expect(await (await visitorPage.request.get("/fr")).text()).toContain(corrected);

  await Promise.all([customerContext, adminContext, visitor].map((context) => context.close()));
});
