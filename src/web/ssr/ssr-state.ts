import { SSR_STATE_ELEMENT_ID, type SsrState } from "../../shared/site/ssr-state";

/** The state the server wrote into this page (shared/site/ssr-state.ts), or null when the page came as the bare shell. */
export function readSsrState(document: Document): SsrState | null {
  const element = document.getElementById(SSR_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrState;
  } catch {
    return null;
  }
}
