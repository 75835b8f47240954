import { expect, type Page } from "@playwright/test";

/**
 * The serious and critical axe findings inside the given regions, as "rule (count)" strings.
 *
 * axe reads colours as they are painted at that instant: a panel fading in, a toast sliding out
 * or a list dimmed while it reloads (opacity-60 under aria-busy) measures as low contrast. So the
 * page's first load, any region still marked busy, and its CSS animations and transitions are
 * allowed to finish first. ("networkidle" alone is not enough: it is reached once per navigation,
 * so it says nothing about a search typed afterwards.)
 */
export async function seriousAccessibilityProblems(page: Page, regions: string[] = ["main"]): Promise<string[]> {
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  await page.waitForLoadState("networkidle");
  // A string, as below: this file is type-checked without the DOM's types. Polled from here with evaluate, not
  // waitForFunction: that one re-evaluates a string inside the page, which our CSP (no 'unsafe-eval') refuses
  // whenever the regions are still busy at the first look.
  await expect
    .poll(
      () =>
        page.evaluate(
          `${JSON.stringify(regions)}.every((selector) => [...document.querySelectorAll(selector)]
            .every((region) => region.closest('[aria-busy="true"]') === null && region.querySelector('[aria-busy="true"]') === null))`,
        ),
      { timeout: 10_000 },
    )
    .toBe(true);
  // Infinite ones (a spinner) never finish and are left out.
  await page.evaluate(`Promise.all(document.getAnimations()
    .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
    .map((animation) => animation.finished.catch(() => undefined)))`);
  let builder = new AxeBuilder({ page });
  for (const region of regions) builder = builder.include(region);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.nodes.length})`);
}
