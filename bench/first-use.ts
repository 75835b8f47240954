import { chromium, type Browser } from "@playwright/test";

/**
 * What a visitor's first use of a page costs now that the app starts then (decision 051):
 * in a phone-like browser (the CPU slowed 4×, the network Lighthouse's slow 4G), the time
 * from the pointer's first move to `<html data-app-ready>`, and the main thread's long
 * tasks in between. Once on a first visit (nothing cached; the pointer moves once the
 * page has settled, by when the app's code has been fetched into the cache after `load`,
 * src/web/lib/prefetch-app.ts), once more on the visit's next page.
 * Lighthouse's own figures stop before this, since nobody touches the page in its run.
 */
export interface FirstUseFigures {
  page: string;
  visit: "first page" | "next page";
  readyMs: number;
  longestTaskMs: number;
  /** The part of each long task over 50 ms, summed: Lighthouse's blocking time, over the takeover. */
  blockingMs: number;
}

/** Lighthouse's devtools-throttling equivalent of its simulated slow 4G. */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

/** Runs in the page before its own scripts: notes the first pointer move and the long tasks (the app marks "app-ready" itself, src/web/main.tsx). */
function watchFirstUse() {
  const notes = { usedAt: -1, tasks: [] as { start: number; duration: number }[] };
  Object.assign(window, { firstUseNotes: notes });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) notes.tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
  window.addEventListener("pointermove", () => notes.usedAt < 0 && (notes.usedAt = performance.now()), { capture: true });
}

async function measureOnce(browser: Browser, url: string, label: string): Promise<FirstUseFigures[]> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const figures: FirstUseFigures[] = [];
    for (const visit of ["first page", "next page"] as const) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await page.addInitScript(watchFirstUse);
      await page.goto(url, { waitUntil: "networkidle" });
      if (await page.evaluate(() => document.documentElement.hasAttribute("data-app-ready"))) throw new Error(`${label}: the app started before anyone used the page`);
      await page.mouse.move(100, 300);
      await page.locator("html[data-app-ready]").waitFor({ state: "attached", timeout: 120_000 });
      const notes = await page.evaluate(() => ({
        ...(window as unknown as { firstUseNotes: { usedAt: number; tasks: { start: number; duration: number }[] } }).firstUseNotes,
        readyAt: performance.getEntriesByName("app-ready")[0]?.startTime ?? Number.NaN,
      }));
      if (!(notes.usedAt >= 0 && notes.readyAt > notes.usedAt)) throw new Error(`${label}: no pointer move before the app was ready (${JSON.stringify(notes)})`);
      const during = notes.tasks.filter((task) => task.start >= notes.usedAt && task.start <= notes.readyAt);
      figures.push({
        page: label,
        visit,
        readyMs: Math.round(notes.readyAt - notes.usedAt),
        longestTaskMs: Math.round(Math.max(0, ...during.map((task) => task.duration))),
        blockingMs: Math.round(during.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0)),
      });
      await page.close();
    }
    return figures;
  } finally {
    await context.close();
  }
}

/** Each page's first use in a fresh browser context, on a running product at `base`. */
export async function runFirstUseBench(base: string, pages: readonly string[], chromiumPath: string): Promise<FirstUseFigures[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const figures: FirstUseFigures[] = [];
    for (const page of pages) figures.push(...(await measureOnce(browser, `${base}${page}`, page)));
    return figures;
  } finally {
    await browser.close();
  }
}
