import { expect, testWithOwnServer as test } from "./fixtures";
import { moneyToDecimal, parseMoney } from "../src/shared/money";
import { signIn } from "./support/accounts";
import { advanceCallTimerTo } from "./support/call-clock";
import { MICROPHONE_LAUNCH, startFundedServer, type FundedServer } from "./support/funded-server";

/**
 * A customer whose credit pays for one minute is cut off at 60 s: the gate gave the
 * carrier a one-minute limit, the call ends there, and exactly one minute is billed. Most of the
 * minute passes on the carrier's and the page's clocks together (support/call-clock.ts), not in real time.
 * (Its own file so it runs beside the other long call in a second worker.)
 */
test.use({ launchOptions: MICROPHONE_LAUNCH });

let funded: FundedServer;
test.beforeAll(async () => {
  funded = await startFundedServer(["0.03"]);
});
test.afterAll(async () => funded?.stop());

test("a customer with credit for one minute is cut off at 60 s and billed one minute", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page.request, funded.running, funded.accounts[0]!);
  await page.clock.install();
  await page.goto(`${funded.running.baseURL}/en`);
  const section = page.locator("#call");
  await expect(section.getByText("Ready to call")).toBeVisible({ timeout: 15_000 });
  await section.getByLabel("Phone number").fill("2025550123");
  await section.getByRole("button", { name: "Start Call" }).click();
  const dialog = page.getByRole("dialog", { name: "Start this call?" });
  // Amounts sit in direction isolates inside the sentence (U+2068 … U+2069).
  await expect(dialog).toContainText(/up to \u2068?1\u2069? min/);
  // The number as history writes it.
  await expect(dialog).toContainText("+1 202 555 0123");
  const rate = /\$(\d+\.\d{4}) per minute/.exec((await dialog.innerText()).replace(/[\u2066-\u2069]/g, ""))?.[1] ?? "";
  await dialog.getByRole("button", { name: "Call now" }).click();
  await expect(section.getByRole("status").filter({ hasText: "Connected" })).toBeVisible({ timeout: 15_000 });

  const timer = section.getByLabel("Call duration");
  await expect(timer).toHaveText(/^0:0\d$/);

  // Nobody hangs up: the call ends by itself when the minute is spent, and the bill says why. The
  // clocks move to a few seconds short of the minute; the carrier's cut-off and the page's meter then
  // run out in real time, as they would on a real call (moving past it would also hurry the page's toasts away).
  await advanceCallTimerTo(page, funded.running, timer, 60, 3);
  await expect(page.getByText("Call ended: your balance ran out")).toBeVisible({ timeout: 15_000 });
  const rating = page.getByRole("dialog", { name: "How was the call quality?" });
  await expect(rating).toBeVisible({ timeout: 15_000 });
  await rating.getByRole("button", { name: "Skip" }).click();
  await expect(section.getByRole("button", { name: "Start Call" })).toBeVisible({ timeout: 15_000 });

  type Call = { status: string; durationSeconds: number; billedMinutes: number; costUsd: string };
  await expect
    .poll(async () => ((await (await page.request.get(`${funded.running.baseURL}/api/calls`)).json()) as { calls: Call[] }).calls[0]?.status, { timeout: 15_000 })
    .toBe("completed");
  const [call] = ((await (await page.request.get(`${funded.running.baseURL}/api/calls`)).json()) as { calls: Call[] }).calls;
  expect(call!.durationSeconds).toBeLessThanOrEqual(60);
  expect(call!.billedMinutes).toBe(1);
  expect(call!.costUsd).toBe(rate);
  const balance = ((await (await page.request.get(`${funded.running.baseURL}/api/credits/balance`)).json()) as { balance: string }).balance;
  expect(balance).toBe(moneyToDecimal(parseMoney("0.03") - parseMoney(rate)));
});
