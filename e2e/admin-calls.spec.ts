import { expect, test } from "./fixtures";
import { seriousAccessibilityProblems } from "./support/accessibility";
import { createAdmin, signIn } from "./support/accounts";
import { plusDrawnFirst } from "./support/bidi";
import { settledCall } from "./support/carrier-calls";
import { startFundedServer, type FundedServer } from "./support/funded-server";

let funded: FundedServer;

/** A customer with $1 makes a call, through the gate and the carrier's status events: a UK mobile, 70 s talked. */
test.beforeAll(async () => {
  funded = await startFundedServer(["1"]);
  await settledCall(funded.running, funded.accounts[0]!, 70);
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
