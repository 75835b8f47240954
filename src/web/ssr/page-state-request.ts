import type { SsrState } from "../../shared/site/ssr-state";

let asked: Promise<SsrState | null> | null = null;

/**
 * The state a visitor's page was rendered from, which its HTML went without (decision 051):
 * asked for once, at the visitor's first use, by the entry (boot.ts) while the app's code
 * downloads, and awaited by the app (main.tsx). Null when it cannot be had (offline, the
 * server busy): the app then renders the page itself.
 */
export function requestPageState(win: Window = window): Promise<SsrState | null> {
  asked ??= win
    .fetch(`/api/page-state?page=${encodeURIComponent(win.location.pathname + win.location.search)}`, { headers: { accept: "application/json" } })
    .then((response) => (response.ok ? (response.json() as Promise<SsrState>) : null))
    .catch(() => null);
  return asked;
}
