import type { SsrState } from "../../shared/site/ssr-state";

/** How long the app waits for the state before it renders the page itself. */
export const STATE_WAIT_MS = 5000;

let asked: Promise<SsrState | null> | null = null;

/**
 * The state a visitor's page was rendered from, which its HTML went without (decision 051):
 * asked for once, at the visitor's first use, by the entry (boot.ts) while the app's code
 * downloads, and awaited by the app (main.tsx). Null when it cannot be had (offline, the
 * server busy, no answer within STATE_WAIT_MS): the app then renders the page itself.
 */
export function requestPageState(win: Window = window): Promise<SsrState | null> {
  asked ??= win
    .fetch(`/api/page-state?page=${encodeURIComponent(win.location.pathname + win.location.search)}`, {
      headers: { accept: "application/json" },
      // As the page was rendered: for nobody signed in (the app checks the session itself).
      credentials: "omit",
      // A state that does not come soon is not waited for: the app renders the page itself.
      signal: AbortSignal.timeout(STATE_WAIT_MS),
    })
    .then((response) => (response.ok ? (response.json() as Promise<SsrState>) : null))
    .catch(() => null);
  return asked;
}
