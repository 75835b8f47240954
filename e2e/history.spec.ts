import { readFileSync, rmSync } from "node:fs";
import { request as playwrightRequest } from "@playwright/test";
import { startProcess, type ServerProcess } from "../scripts/server-process";
import { readCsvRecords } from "../src/shared/csv/read-csv";
import type { CallRowInput } from "../src/server/test/history-calls";
import { BUILT_SERVER, expect, test, type RunningServer, testServerEnv } from "./fixtures";
import { seriousAccessibilityProblems } from "./support/accessibility";
import { createVerifiedUser, signIn, type TestAccount } from "./support/accounts";
import { plusDrawnFirst } from "./support/bidi";
import { seedCalls } from "./support/calls";
import { newDataFolder } from "./support/data-folder";

const at = (iso: string) => new Date(iso);
const finished = (start: string, seconds: number): CallRowInput => ({
  startedAt: at(start),
  answeredAt: at(start),
  endedAt: new Date(at(start).getTime() + seconds * 1000),
  durationSeconds: seconds,
});
const unanswered = { answeredAt: null, durationSeconds: 0, billedMinutes: 0, costUsd: "0" };

/** A customer's calls as the carrier would have left them: newest is the busy call to the UK. */
const CUSTOMER_CALLS: CallRowInput[] = [
  { ...finished("2026-11-20T10:00:00.000Z", 90), toNumber: "+18762101234", countryCode: "JM", ratePerMin: "0.2500", billedMinutes: 2, costUsd: "0.5000", quality: { rttMs: 80, jitterMs: 4, packetLoss: 0.001, mos: null, packetsSent: 4500, packetsReceived: 4496 } },
  { startedAt: at("2026-11-21T09:00:00.000Z"), toNumber: "+447106123456", countryCode: "GB", ratePerMin: "0.0300", status: "busy", ...unanswered },
  { ...finished("2026-11-01T18:30:00.000Z", 200), toNumber: "+4930123456", countryCode: "DE", ratePerMin: "0.0400", billedMinutes: 4, costUsd: "0.1600", qualityRating: 5, quality: { rttMs: 620, jitterMs: 60, packetLoss: 0.07, mos: null, packetsSent: 10_000, packetsReceived: 9300 } },
  { ...finished("2026-10-15T07:00:00.000Z", 45), direction: "inbound", toNumber: "client:me", fromNumber: "+46701234567", countryCode: "SE", ratePerMin: "0", billedMinutes: 0, costUsd: "0" },
  // A refused call keeps what was typed when it is no number (made plain, at most 32 characters): the export must not let it run as a formula.
  { startedAt: at("2026-09-01T12:00:00.000Z"), toNumber: "=1+2", countryCode: "", status: "failed", ratePerMin: "0", ...unanswered },
  ...Array.from({ length: 20 }, (_, index): CallRowInput => ({ ...finished(`2026-08-${String(index + 1).padStart(2, "0")}T12:00:00.000Z`, 60), toNumber: "+12025550123", countryCode: "US", ratePerMin: "0.0100", billedMinutes: 1, costUsd: "0.0100" })),
];

let serverProcess: ServerProcess;
let server: RunningServer;
let customer: TestAccount;
const dataDir = newDataFolder("history");
const start = () => startProcess(BUILT_SERVER, testServerEnv(dataDir), "/readyz");

test.beforeAll(async () => {
  // Accounts through the real API; then, with the server stopped, their calls straight into its database.
  serverProcess = await start();
  server = { baseURL: serverProcess.url, dataDir, output: () => serverProcess.output() };
  const request = await playwrightRequest.newContext();
  customer = await createVerifiedUser(request, server);
  const other = await createVerifiedUser(request, server);
  await request.dispose();
  await serverProcess.stop();
  await seedCalls(dataDir, [
    { email: customer.email, balance: "5", calls: CUSTOMER_CALLS },
    { email: other.email, calls: [{ ...finished("2026-11-22T10:00:00.000Z", 30), toNumber: "+33612345678", countryCode: "FR" }] },
  ]);
  serverProcess = await start();
  server = { baseURL: serverProcess.url, dataDir, output: () => serverProcess.output() };
});

test.afterAll(async () => {
  await serverProcess.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test("a customer sees their calls newest first, filters them, exports the filter and rates a call", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, acceptDownloads: true, timezoneId: "UTC", locale: "en-US" });
  const page = await context.newPage();
  await signIn(page.request, server, customer);
  await page.goto("/en");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "History" }).click();
  await expect(page).toHaveURL(/\/en\/history$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Call history");
  await expect(page.getByTestId("header-balance")).toHaveText(/Balance\s*\$5\.00/);

  const rows = page.getByRole("region", { name: "Your calls" }).getByRole("row");
  await expect(rows).toHaveCount(21); // the header and a page of 20
  await expect(rows.nth(1)).toContainText("+44 7106 123456");
  await expect(rows.nth(1)).toContainText("Busy");
  await expect(rows.nth(2)).toContainText("+1 876 210 1234");
  await expect(rows.nth(2)).toContainText("Jamaica");
  // The start as the date over the time, so the table fits a 1280 px screen.
  await expect(rows.nth(2).getByRole("cell").filter({ hasText: "Nov 20, 2026" })).toContainText("10:00 AM");
  await expect(rows.nth(2)).toContainText("1:30");
  await expect(rows.nth(2)).toContainText("$0.2500");
  await expect(rows.nth(2)).toContainText("$0.5000");
  await expect(rows.nth(3)).toContainText("Germany");
  await expect(rows.nth(3).getByRole("img", { name: "Rated 5 of 5" })).toBeVisible();
  await expect(rows.nth(3).getByRole("button", { name: "Call quality: Poor. Show the figures" })).toBeVisible();
  await expect(rows.nth(4)).toContainText("+46 70 123 45 67");
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  const totals = page.getByRole("region", { name: "Totals for these filters" });
  await expect(totals).toContainText("Calls25");
  await expect(totals).toContainText("Total cost$0.8600");
  // Another customer's call to France is nowhere (the footer lists France among destinations, so only main is read).
  await expect(page.getByRole("main").getByText("France")).toHaveCount(0);

  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(rows).toHaveCount(6);

  await page.getByLabel("Status", { exact: true }).selectOption("busy");
  await expect(rows).toHaveCount(2);
  await expect(totals).toContainText("Calls1");
  await expect(page).toHaveURL(/\?status=busy$/);
  await page.getByRole("button", { name: "Clear filters" }).first().click();

  await page.getByLabel("From", { exact: true }).fill("2026-11-01");
  await page.getByLabel("To", { exact: true }).fill("2026-11-20");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText("Jamaica");
  await expect(rows.nth(2)).toContainText("Germany");
  await expect(totals).toContainText("Total cost$0.6600");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toBe(`dialwise-calls-${new Date().toISOString().slice(0, 10)}.csv`);
  const csv = readCsvRecords(readFileSync(await download.path(), "utf8")).map((record) => record.fields);
  expect(csv[0]?.slice(0, 5)).toEqual(["Started (UTC)", "Direction", "Number", "Country", "Status"]);
  // Numbers in E.164 form as they are, so a spreadsheet reads them as numbers, not as text behind a quote.
  expect(csv.slice(1).map((row) => [row[0], row[2], row[3], row[8]])).toEqual([
    ["2026-11-20T10:00:00.000Z", "+18762101234", "Jamaica", "0.5000"],
    ["2026-11-01T18:30:00.000Z", "+4930123456", "Germany", "0.1600"],
  ]);

  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await page.getByLabel("Status", { exact: true }).selectOption("failed");
  const [failedExport] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  const failedRows = readCsvRecords(readFileSync(await failedExport.path(), "utf8")).map((record) => record.fields);
  expect(failedRows.slice(1).map((row) => row[2])).toEqual(["'=1+2"]);

  await page.getByRole("button", { name: "Clear filters" }).first().click();
  const jamaica = rows.filter({ hasText: "Jamaica" });
  await jamaica.getByRole("button", { name: /Rate the call/ }).click();
  const dialog = page.getByRole("dialog", { name: "Rate this call" });
  // The fourth star, as a person clicks it (the radio button inside is for keyboards and screen readers).
  await dialog.locator("label", { has: page.getByRole("radio", { name: "4 of 5 stars" }) }).click();
  await expect(dialog.getByRole("radio", { name: "4 of 5 stars" })).toBeChecked();
  await dialog.getByRole("button", { name: "Submit rating" }).click();
  await expect(page.getByText("Thank you for rating your call.")).toBeVisible();
  await expect(jamaica.getByRole("img", { name: "Rated 4 of 5" })).toBeVisible();
  await page.reload();
  await expect(rows.filter({ hasText: "Jamaica" }).getByRole("img", { name: "Rated 4 of 5" })).toBeVisible();

  expect(await seriousAccessibilityProblems(page)).toEqual([]);
  await context.close();
});

test("the history works on a phone in Arabic, right to left, with numbers left to right", async ({ browser }, testInfo) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: server.baseURL, timezoneId: "UTC" });
  const page = await context.newPage();
  await signIn(page.request, server, customer);
  await page.goto("/ar/history");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("سجل المكالمات");
  const cards = page.getByRole("list", { name: "مكالماتك" }).getByRole("listitem");
  await expect(cards).toHaveCount(20);
  await expect(page.getByRole("table")).toHaveCount(0);
  await expect(cards.first()).toContainText("مشغول");
  // Every number reads +…, never …+, inside the Arabic cards.
  for (const [index, code] of [[0, "+44"], [1, "+1"], [2, "+49"], [3, "+46"]] as const) {
    expect(await plusDrawnFirst(cards.nth(index).locator("bdi", { hasText: code }), code), code).toEqual([true]);
  }
  expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(390);
  expect(await seriousAccessibilityProblems(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("history-ar-phone.png"), fullPage: true, clip: { x: 0, y: 0, width: 390, height: 1400 } });
  await context.close();
});
