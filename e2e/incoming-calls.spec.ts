import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "./fixtures";
import { createVerifiedUser, signIn } from "./support/accounts";
import { MICROPHONE_LAUNCH } from "./support/funded-server";

/**
 * Someone rings a customer who is reading their call history, not the home page:
 * `npm run carrier:ring` (the built script, as an operator runs it) rings the local
 * carrier, the card shows on that page with the caller's number grouped, and a call
 * nobody answers ends as missed in the history, with the caller's country. The carrier's
 * clock is moved past the 45 s the caller waits (decision 049) instead of waiting them out.
 */
test.use({ launchOptions: MICROPHONE_LAUNCH });

const run = promisify(execFile);

test("an incoming call rings on the history page, and one nobody answers is missed there, with the caller's country", async ({ page, server }) => {
  const account = await createVerifiedUser(page.request, server);
  await signIn(page.request, server, account);
  // The customer's device listens once it has its token and the live-event stream is open.
  const listening = Promise.all([page.waitForResponse((response) => response.url().endsWith("/api/voice/token")), page.waitForResponse((response) => response.url().includes("/api/events"))]);
  await page.goto(`${server.baseURL}/en/history`);
  await listening;

  const ring = await run(process.execPath, [path.resolve(import.meta.dirname, "../dist/server/carrier-ring.js"), "--email", account.email, "--from", "+14155550100", "--url", server.baseURL], {
    env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: "" },
  });
  expect(ring.stdout).toMatch(/^Ringing /);

  const card = page.getByRole("alertdialog", { name: "Incoming call" });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText("+1 415 555 0100");
  await expect(page).toHaveURL(/\/en\/history$/);

  // Nobody answers: the caller gives up after 45 s on the carrier's clock, the card goes, and the history says the call was missed.
  const moved = await page.request.post(`${server.baseURL}/api/local-carrier/clock`, { data: { advanceSeconds: 45 }, headers: { origin: server.baseURL } });
  expect(moved.status(), await moved.text()).toBe(200);
  await expect(card).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: "+1 415 555 0100" });
  await expect(row).toContainText("Missed", { timeout: 15_000 });
  await expect(row).toContainText("United States");
});
