/** Longest wait for the first contentful paint: a page that never reports one (a hidden tab paints nothing) still starts. */
export const FIRST_PAINT_WAIT_MS = 1500;

/**
 * Resolves once the browser has put the page's first content on screen (the paint
 * timing entry "first-contentful-paint"), or after `FIRST_PAINT_WAIT_MS`; at once
 * where paint timing is not reported.
 */
export function afterFirstContentfulPaint(win: Window & typeof globalThis = window): Promise<void> {
  return new Promise((resolve) => {
    const painted = () => win.performance.getEntriesByName("first-contentful-paint").length > 0;
    if (typeof win.PerformanceObserver !== "function" || !win.PerformanceObserver.supportedEntryTypes?.includes("paint") || painted()) {
      resolve();
      return;
    }
    const done = () => {
      observer.disconnect();
      win.clearTimeout(timer);
      resolve();
    };
    const observer = new win.PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length > 0) done();
    });
    observer.observe({ type: "paint", buffered: true });
    const timer = win.setTimeout(done, FIRST_PAINT_WAIT_MS);
  });
}
