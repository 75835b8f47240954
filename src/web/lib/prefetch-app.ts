/** The meta element the build writes with the app's code (scripts/app-files.js). */
const APP_FILES_META = "app-files";

/**
 * A visitor's page starts its app only at their first use (decision 051). So that the use
 * does not then wait for the app's code to cross the network, the code is fetched into the
 * browser's cache (not run) once the page has loaded and the browser is idle, unless the
 * app has started by then. Costs the page's first paint nothing: it starts after `load`.
 */
export function prefetchAppWhenIdle(started: () => boolean, win: Window & typeof globalThis = window): void {
  const files = win.document.querySelector<HTMLMetaElement>(`meta[name="${APP_FILES_META}"]`)?.content.split(" ").filter(Boolean) ?? [];
  if (files.length === 0) return;
  const prefetch = () => {
    if (started()) return;
    for (const href of files) {
      const link = win.document.createElement("link");
      link.rel = "prefetch";
      link.as = "script";
      // As the app's modules are fetched (CORS, same origin), so the cached copy is the one they find.
      link.crossOrigin = "";
      link.href = href;
      win.document.head.append(link);
    }
  };
  const whenIdle = () => (typeof win.requestIdleCallback === "function" ? win.requestIdleCallback(prefetch, { timeout: 3000 }) : win.setTimeout(prefetch, 0));
  if (win.document.readyState === "complete") whenIdle();
  else win.addEventListener("load", whenIdle, { once: true });
}
