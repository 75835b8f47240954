import { readFileSync } from "node:fs";
import path from "node:path";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { STATUS_WEBHOOK_PATH, VOICE_WEBHOOK_PATH } from "../src/server/modules/calls/twiml";
import { localCarrierSecret } from "../src/server/providers/telephony/choose-carrier";
import { carrierSignature } from "../src/server/providers/telephony/webhook-signature";
import type { Config } from "../src/server/config";
import { expect, test } from "./fixtures";
import { seriousAccessibilityProblems } from "./support/accessibility";
import { createAdmin, signIn } from "./support/accounts";
import { plusDrawnFirst } from "./support/bidi";
import { startFundedServer, type FundedServer } from "./support/funded-server";

let funded: FundedServer;

/** The secret the server's local carrier signs its webhooks with, as the server itself reads it (from DATA_DIR, or derived from AUTH_SECRET). */
function carrierSecret(dataDir: string): string {
  const config = { authSecret: process.env.AUTH_SECRET } as Pick<Config, "authSecret"> as Config;
  return localCarrierSecret(config, () => (JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as { localCarrierSecret: string }).localCarrierSecret);
}

/** One signed carrier request over HTTP, as the carrier sends it: a form, signed over the public address. */
async function carrierPost(request: APIRequestContext, webhookPath: string, params: Record<string, string>) {
  const { baseURL, dataDir } = funded.running;
  const response = await request.post(`${baseURL}${webhookPath}`, {
    headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": carrierSignature(carrierSecret(dataDir), `${baseURL}${webhookPath}`, params) },
    data: new URLSearchParams(params).toString(),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A customer with $1 makes a call, through the gate and the carrier's status events: a UK mobile, 70 s talked. */
test.beforeAll(async () => {
  funded = await startFundedServer(["1"]);
  const { baseURL } = funded.running;
  const request = await playwrightRequest.newContext({ baseURL });
  await signIn(request, funded.running, funded.accounts[0]!);
  const { id: userId } = (await (await request.get("/api/me")).json()) as { id: string };
  const callSid = `CA${"e2e0".repeat(8)}`;
  await carrierPost(request, VOICE_WEBHOOK_PATH, { CallSid: callSid, From: `client:${userId}`, To: "+447106123456", AccountSid: `AC${"0".repeat(32)}`, Direction: "inbound" });
  const leg = { CallSid: `CB${callSid.slice(2)}`, ParentCallSid: callSid, To: "+447106123456" };
  for (const status of ["initiated", "ringing", "in-progress"]) await carrierPost(request, STATUS_WEBHOOK_PATH, { ...leg, CallStatus: status });
  await carrierPost(request, STATUS_WEBHOOK_PATH, { ...leg, CallStatus: "completed", CallDuration: "70" });
  await request.dispose();
});

test.afterAll(async () => {
  await funded.stop();
});

test("an admin sees the call a customer made, with its carrier events and ledger entry, and the page passes axe", async ({ browser }) => {
  const { baseURL } = funded.running;
  const customer = funded.accounts[0]!;
  const context = await browser.newContext({ baseURL, timezoneId: "UTC", locale: "en-US" });
  const page = await context.newPage();

  const admin = await createAdmin(page.request, funded.running);
  await signIn(page.request, funded.running, admin);
  await page.goto("/en/dashboard");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Calls" }).click();
  await expect(page).toHaveURL(/\/en\/calls$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Calls");

  const rows = page.getByRole("region", { name: "Customers' calls" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  const row = rows.nth(1);
  await expect(row).toContainText(customer.email);
  await expect(row).toContainText("+44 7106 123456");
  await expect(row).toContainText("United Kingdom");
  await expect(row).toContainText("Completed");
  await expect(row).toContainText("1:10");
  // The UK mobile's $0.0580 a minute, two started minutes.
  await expect(row).toContainText("$0.1160");
  const totals = page.getByRole("region", { name: "Totals for these filters" });
  await expect(totals).toContainText("Billed to customers$0.1160");

  // A filter that finds nothing, kept in the address, then back to the call.
  await page.getByLabel("Customer email").fill("nobody-here");
  await expect(page.getByText("No calls match these filters.")).toBeVisible();
  await expect(page).toHaveURL(/\?email=nobody-here$/);
  await page.getByLabel("Customer email").fill(customer.email.slice(0, 8).toUpperCase());
  await expect(rows).toHaveCount(2);

  expect(await seriousAccessibilityProblems(page)).toEqual([]);

  // The number inside the name is isolated left to right (so Arabic shows +44, not 44+).
  await row.getByRole("button", { name: "Details of the call with \u2066+44 7106 123456\u2069" }).click();
  const dialog = page.getByRole("dialog", { name: "Call details" });
  const timeline = dialog.getByRole("list", { name: "Carrier's status events" });
  await expect(timeline.getByRole("listitem")).toHaveCount(4);
  await expect(timeline.getByRole("listitem").nth(0)).toContainText("Calling");
  await expect(timeline.getByRole("listitem").nth(2)).toContainText("In progress");
  await expect(timeline.getByRole("listitem").nth(3)).toContainText("talk time reported: 1:10");
  await expect(dialog).toContainText("Amount-$0.1160");
  await expect(dialog).toContainText("Balance after$0.8840");
  await expect(dialog).toContainText("The caller's device reported no figures for this call.");
  expect(await seriousAccessibilityProblems(page, ['[role="dialog"]'])).toEqual([]);
  await context.close();
});

test("on an Arabic phone the calls are cards whose numbers read +44, and the page fits 390 px", async ({ browser }) => {
  const { baseURL } = funded.running;
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, timezoneId: "UTC" });
  const page = await context.newPage();
  const admin = await createAdmin(page.request, funded.running);
  await signIn(page.request, funded.running, admin);
  await page.goto("/ar/calls");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const cards = page.getByRole("list", { name: "مكالمات العملاء" }).getByRole("listitem");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("المملكة المتحدة");
  expect(await plusDrawnFirst(cards.first().locator("bdi", { hasText: "+44" }), "+44")).toEqual([true]);
  expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(390);
  await cards.first().getByRole("button", { name: "تفاصيل المكالمة مع \u2066+44 7106 123456\u2069" }).click();
  const dialog = page.getByRole("dialog", { name: "تفاصيل المكالمة" });
  expect(await plusDrawnFirst(dialog.locator("bdi", { hasText: "+44" }), "+44")).toEqual([true]);
  expect(await seriousAccessibilityProblems(page, ['[role="dialog"]'])).toEqual([]);
  await context.close();
});

test("an admin credits half of the call back with a reason, and the customer sees it in their history and balance", async ({ browser }) => {
  const { baseURL } = funded.running;
  const customer = funded.accounts[0]!;
  const adminContext = await browser.newContext({ baseURL, timezoneId: "UTC", locale: "en-US" });
  const adminPage = await adminContext.newPage();
  const admin = await createAdmin(adminPage.request, funded.running);
  await signIn(adminPage.request, funded.running, admin);
  await adminPage.goto("/en/calls");
  await adminPage.getByRole("button", { name: "Details of the call with \u2066+44 7106 123456\u2069" }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Call details" });
  const form = dialog.getByRole("form", { name: "Credit back" });
  // The whole cost is offered: two started minutes at $0.0580.
  await expect(form.getByLabel("Amount (USD)")).toHaveValue("0.116");
  await form.getByLabel("Amount (USD)").fill("0.058");
  await form.getByLabel("Reason").fill("The line dropped after the first minute");
  await form.getByRole("button", { name: "Credit back" }).click();
  await expect(dialog).toContainText("WhyCredited by an admin");
  await expect(dialog).toContainText("ReasonThe line dropped after the first minute");
  await expect(dialog.getByRole("form", { name: "Credit back" })).toHaveCount(0);
  expect(await seriousAccessibilityProblems(adminPage, ['[role="dialog"]'])).toEqual([]);
  await adminContext.close();

  const context = await browser.newContext({ baseURL, timezoneId: "UTC", locale: "en-US" });
  const page = await context.newPage();
  await signIn(page.request, funded.running, customer);
  await page.goto("/en/history");
  const row = page.getByRole("region", { name: "Your calls" }).getByRole("row").nth(1);
  await expect(row).toContainText("\u2068$0.0580\u2069 credited back");
  await expect(row).toContainText("Credited by our team");
  // $1 − $0.1160 + $0.0580.
  expect((await (await page.request.get("/api/credits/balance")).json()) as { balance: string }).toEqual({ balance: "0.9420" });
  await context.close();
});
