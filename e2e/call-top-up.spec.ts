import { expect, testWithOwnServer as test } from "./fixtures";
import { moneyToDecimal, parseMoney } from "../src/shared/money";
import { signIn } from "./support/accounts";
import { advanceCallTimerTo } from "./support/call-clock";
import { MICROPHONE_LAUNCH, startFundedServer, type FundedServer } from "./support/funded-server";

/**
 * Credit bought during a call lengthens it (the spec's credits-updated): a customer whose
 * balance pays for one minute buys $5 while talking; the time left on screen jumps, the
 * carrier lets the call run past the first minute, and the talk is billed in full. The minute
 * passes on the carrier's and the page's clocks together (support/call-clock.ts), not in real time.
 * (Its own file so it runs beside the other long calls in a second worker.)
 */
test.use({ launchOptions: MICROPHONE_LAUNCH });

let funded: FundedServer;
test.beforeAll(async () => {
  // Two server starts and a sign-up: slow on a busy machine.
  test.setTimeout(120_000);
  funded = await startFundedServer(["0.03"]);
});
test.afterAll(async () => funded?.stop());

test("credit bought during a one-minute call raises its limit: it talks past the minute and is billed for every started one", async ({ page }) => {
  test.setTimeout(90_000);
  const base = funded.running.baseURL;
  await signIn(page.request, funded.running, funded.accounts[0]!);
  await page.clock.install();
  await page.goto(`${base}/en`);
  const section = page.locator("#call");
  await expect(section.getByText("Ready to call")).toBeVisible({ timeout: 15_000 });
  await section.getByLabel("Phone number").fill("2025550123");
  await section.getByRole("button", { name: "Start Call" }).click();
  const dialog = page.getByRole("dialog", { name: "Start this call?" });
  await expect(dialog).toContainText(/up to \u2068?1\u2069? min/);
  const rate = /\$(\d+\.\d{4}) per minute/.exec((await dialog.innerText()).replace(/[\u2066-\u2069]/g, ""))?.[1] ?? "";
  await dialog.getByRole("button", { name: "Call now" }).click();
  await expect(section.getByRole("status").filter({ hasText: "Connected" })).toBeVisible({ timeout: 15_000 });
  const timeLeft = section.locator("dt", { hasText: "Time left" }).locator("xpath=following-sibling::dd");
  await expect(timeLeft).toHaveText(/^0:[0-5]\d$|^1:00$/);

  // $5 through the local checkout while talking (the page is not touched: the change arrives live).
  const checkout = await page.request.post(`${base}/api/payments/checkout`, { data: { amount: "5" }, headers: { origin: base } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const session = new URL(((await checkout.json()) as { url: string }).url).searchParams.get("session");
  const paid = await page.request.post(`${base}/api/local-checkout/sessions/${session}/pay`, { data: { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" }, headers: { origin: base } });
  expect(paid.status(), await paid.text()).toBe(200);

  // $5.03 pays for far more than the gate's four-hour cap: the time left is counted in hours now.
  await expect(timeLeft).toHaveText(/^[1-4]:\d\d:\d\d$/, { timeout: 15_000 });
  await expect(page.getByTestId("header-balance")).toHaveText(/\$5\.03/);

  // Past the first limit and still connected; then the customer hangs up.
  const timer = section.getByLabel("Call duration");
  await advanceCallTimerTo(page, funded.running, timer, 68);
  await expect(timer).toHaveText(/^1:(0[5-9]|1\d)$/, { timeout: 10_000 });
  await expect(section.getByRole("status").filter({ hasText: "Connected" })).toBeVisible();
  await section.getByRole("button", { name: "Hang up" }).click();

  type Call = { status: string; durationSeconds: number; billedMinutes: number; costUsd: string };
  await expect
    .poll(async () => ((await (await page.request.get(`${base}/api/calls`)).json()) as { calls: Call[] }).calls[0]?.status, { timeout: 20_000 })
    .toBe("completed");
  const [call] = ((await (await page.request.get(`${base}/api/calls`)).json()) as { calls: Call[] }).calls;
  expect(call!.durationSeconds).toBeGreaterThan(60);
  expect(call!.billedMinutes).toBe(2);
  expect(call!.costUsd).toBe(moneyToDecimal(2 * parseMoney(rate)));
  const balance = ((await (await page.request.get(`${base}/api/credits/balance`)).json()) as { balance: string }).balance;
  expect(balance).toBe(moneyToDecimal(parseMoney("5.03") - 2 * parseMoney(rate)));
});
