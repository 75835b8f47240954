import type { Locator, Page } from "@playwright/test";
import { expect, type RunningServer } from "../fixtures";

/**
 * A call that talks past a minute without the test waiting for it. The server runs the local
 * carrier on an adjustable clock (LOCAL_CARRIER_CLOCK=adjustable, testServerEnv), and the page on
 * Playwright's clock (page.clock.install() before the page loads; time still flows). Both move by
 * the same seconds, so the page's timer and time left show what the carrier measures and bills.
 * Moving the page's clock fires its due timers at once: a toast showing then closes, so a test that
 * reads one moves the clocks before it shows.
 */
export async function advanceCallClock(page: Page, running: RunningServer, seconds: number): Promise<void> {
  // The carrier first: a call moved past its limit has ended there, and its status reached the
  // server, when this answers; the page's meter then agrees with it instead of ending the call itself.
  const moved = await page.request.post(`${running.baseURL}/api/local-carrier/clock`, { data: { advanceSeconds: seconds }, headers: { origin: running.baseURL } });
  expect(moved.status(), await moved.text()).toBe(200);
  await page.clock.fastForward(seconds * 1000);
}

/**
 * Moves both clocks until the call timer (m:ss) shows `seconds` less `realSeconds`: those last
 * seconds pass in real time, so a test can wait for the exact second it names without overshooting it.
 */
export async function advanceCallTimerTo(page: Page, running: RunningServer, timer: Locator, seconds: number, realSeconds = 2): Promise<void> {
  const shown = /^(\d+):(\d\d)$/.exec((await timer.innerText()).trim());
  expect(shown, "the call timer shows m:ss").toBeTruthy();
  const talked = Number(shown![1]) * 60 + Number(shown![2]);
  const ahead = seconds - realSeconds - talked;
  expect(ahead, `the timer (${talked} s) is far enough from ${seconds} s to move towards it`).toBeGreaterThan(0);
  await advanceCallClock(page, running, ahead);
}
