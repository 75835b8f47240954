import type { RegionNames } from "../countries/countries";
import type { Locale } from "../i18n/locales";

/**
 * The contract between the server and the web build's render module
 * (src/web/ssr/render-page.tsx, built into dist/ssr): what the server asks it to
 * render, and what it hands back.
 */
export interface RenderRequest {
  /** Path and query, e.g. "/ar/country/in?x=1". */
  url: string;
  origin: string;
  language: Locale;
  /** Every string of the page's language and of English as the server has them (admins may have edited them). */
  strings: Record<string, string>;
  english: Record<string, string>;
  /** Answers an API request in-process, as the visitor (with their cookie and address). */
  api: (url: string, init: RequestInit) => Promise<Response>;
}

export interface RenderedPage {
  html: string;
  state: SsrState;
}

/**
 * What a server-rendered page hands the browser so that its first render equals the
 * server's: the language, the strings the page used (in its language and in English,
 * the fallback), the country names it wrote and the API answers it showed (TanStack Query's dehydrated state).
 * Written as JSON into <script type="application/json" id="dw-ssr">: data, not code,
 * since the CSP allows no inline script.
 */
export interface SsrState {
  language: Locale;
  strings: Record<string, string>;
  english: Record<string, string>;
  queries: unknown;
  /** Country names in the page's language and in English, as the server's runtime gave them (countries.ts, RegionNames). */
  regionNames: Record<string, RegionNames>;
  /** Who the page was rendered for (null: nobody signed in): only who and until when, never the session's token. */
  session: { user: { id: string; email: string }; session: { expiresAt: string } } | null;
}

export const SSR_STATE_ELEMENT_ID = "dw-ssr";

/**
 * Written on the page's root (`<div id="root" data-app-start="first-use">`) when the page
 * was rendered for nobody signed in: its app starts at the visitor's first use, not at load
 * (decision 051). A signed-in person's page starts at once: it keeps their balance live and
 * rings for their incoming calls.
 */
export const APP_START_ATTRIBUTE = "data-app-start";
export const APP_START_ON_FIRST_USE = "first-use";

/** JSON safe inside a <script> element: nothing in it can close the element or open a comment. */
export function serializeSsrState(state: SsrState): string {
  return JSON.stringify(state)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
