import type { Page } from "@playwright/test";
import { expect, testWithOwnServer as test } from "./fixtures";
import { parseMoney, moneyToDecimal } from "../src/shared/money";
import { signIn } from "./support/accounts";
import { advanceCallTimerTo } from "./support/call-clock";
import { MICROPHONE_LAUNCH, READ_PACKETS, RECORD_PEER_CONNECTIONS, startFundedServer, type FundedServer } from "./support/funded-server";

/**
 * A customer calls through the local carrier from the home page, as a person would: real
 * WebRTC from Chromium's fake microphone to the carrier's peer in the server, the server's
 * gate, its status events and its bill. Expected amounts are worked out here from the rate
 * the confirm dialog showed: two started minutes for a 70 s call, nothing for a busy line.
 * The 70 s pass on the carrier's and the page's clocks together (support/call-clock.ts), not in real time.
 */
test.use({ launchOptions: MICROPHONE_LAUNCH });

let funded: FundedServer;
test.beforeAll(async () => {
  funded = await startFundedServer(["5", "5"]);
});
test.afterAll(async () => funded?.stop());

async function balanceOf(page: Page): Promise<string> {
  const response = await page.request.get(`${funded.running.baseURL}/api/credits/balance`);
  return ((await response.json()) as { balance: string }).balance;
}

/** Dials a US number from the call section and confirms; answers the rate the dialog showed (4 decimals). */
async function dial(page: Page, number: string): Promise<string> {
  await page.goto(`${funded.running.baseURL}/en`);
  const section = page.locator("#call");
  await expect(section.getByText("Ready to call")).toBeVisible({ timeout: 15_000 });
  await section.getByLabel("Phone number").fill(number);
  await section.getByRole("button", { name: "Start Call" }).click();
  const dialog = page.getByRole("dialog", { name: "Start this call?" });
  await expect(dialog).toBeVisible();
  const rate = /\$(\d+\.\d{4}) per minute/.exec((await dialog.innerText()).replace(/[\u2066-\u2069]/g, ""))?.[1];
  expect(rate, "the confirm dialog shows the rate at 4 decimals").toBeTruthy();
  await dialog.getByRole("button", { name: "Call now" }).click();
  return rate!;
}

test("a customer with $5 calls, talks for 70 s, and pays exactly two minutes at the quoted rate", async ({ page }) => {
  test.setTimeout(90_000);
  await page.addInitScript(RECORD_PEER_CONNECTIONS);
  // The page's clock, running in real time until the call is moved past its first minute.
  await page.clock.install();
  await signIn(page.request, funded.running, funded.accounts[0]!);
  expect(await balanceOf(page)).toBe("5.0000");

  const rate = await dial(page, "2025550123");
  const section = page.locator("#call");
  await expect(section.getByRole("status").filter({ hasText: "Ringing..." })).toBeVisible({ timeout: 15_000 });
  await expect(section.getByRole("status").filter({ hasText: "Connected" })).toBeVisible({ timeout: 15_000 });
  const timer = section.getByLabel("Call duration");
  await expect(timer).toHaveText(/^0:0[2-9]$/, { timeout: 10_000 });

  // Audio both ways, from the browser's own statistics of the call's peer connection.
  await expect.poll(async () => ((await page.evaluate(READ_PACKETS)) as { received: number }).received, { timeout: 10_000 }).toBeGreaterThan(100);
  expect(((await page.evaluate(READ_PACKETS)) as { sent: number }).sent).toBeGreaterThan(100);

  // Talk past the first minute (most of it on the moved clocks, the last seconds in real time), then hang up.
  await advanceCallTimerTo(page, funded.running, timer, 70);
  await expect(timer).toHaveText("1:10", { timeout: 10_000 });
  await section.getByRole("button", { name: "Hang up" }).click();

  // The toasts, one at a time: talk time and billed minutes, then the cost at 3 decimals
  // (numbers sit in direction isolates inside the sentences).
  await expect(page.getByText("Call completed")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/Talk time \u2068?1:1\d\u2069?, billed minutes: \u2068?2\u2069?/)).toBeVisible();
  const cost = moneyToDecimal(2 * parseMoney(rate));
  await expect(page.getByText(`$${Number(cost).toFixed(3)}`, { exact: false })).toBeVisible({ timeout: 10_000 });
  const rating = page.getByRole("dialog", { name: "How was the call quality?" });
  await expect(rating).toBeVisible({ timeout: 15_000 });
  // No star is chosen for the customer: Submit waits for one.
  await expect(rating.getByRole("button", { name: "Submit" })).toBeDisabled();
  await rating.getByRole("radio", { name: "5 out of 5" }).click();
  await rating.getByRole("button", { name: "Submit" }).click();
  await expect(rating).toBeHidden();

  const expected = moneyToDecimal(parseMoney("5") - 2 * parseMoney(rate));
  await expect.poll(() => balanceOf(page), { timeout: 10_000 }).toBe(expected);

  // The call is in history, billed as the balance says, with the rating the customer gave.
  const calls = (await (await page.request.get(`${funded.running.baseURL}/api/calls`)).json()) as {
    calls: { toNumber: string; status: string; billedMinutes: number; costUsd: string; ratePerMin: string; qualityRating: number | null; durationSeconds: number }[];
  };
  expect(calls.calls[0]).toMatchObject({ toNumber: "+12025550123", status: "completed", billedMinutes: 2, ratePerMin: rate, costUsd: cost, qualityRating: 5 });
  expect(calls.calls[0]!.durationSeconds).toBeGreaterThan(60);
  await page.goto(`${funded.running.baseURL}/en/history`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "+1 202 555 0123" });
  await expect(row).toHaveCount(1);
  for (const text of ["Completed", `$${cost}`, `$${rate}`]) await expect(row).toContainText(text);
  // The customer's stars over the measured quality, in one column.
  await expect(row.getByRole("cell", { name: /^Rated 5 of 5\b.*Call quality: Good/ })).toBeVisible();
});

test("a busy test number says the line is busy and charges nothing", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page.request, funded.running, funded.accounts[1]!);
  await dial(page, "2025550486");
  await expect(page.getByText("Line is busy").first()).toBeVisible({ timeout: 15_000 });
  // The busy status settles the call at nothing: no ledger row moves the balance.
  await expect
    .poll(async () => ((await (await page.request.get(`${funded.running.baseURL}/api/calls`)).json()) as { calls: { status: string }[] }).calls[0]?.status, { timeout: 10_000 })
    .toBe("busy");
  expect(await balanceOf(page)).toBe("5.0000");
});

test("a test number whose callee declines says the call was declined, stores it as declined, and charges nothing", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page.request, funded.running, funded.accounts[1]!);
  await dial(page, "2025550603");
  await expect(page.getByText("Call declined").first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Line is busy")).toHaveCount(0);
  await expect
    .poll(async () => ((await (await page.request.get(`${funded.running.baseURL}/api/calls`)).json()) as { calls: { status: string }[] }).calls[0]?.status, { timeout: 10_000 })
    .toBe("declined");
  expect(await balanceOf(page)).toBe("5.0000");
});
