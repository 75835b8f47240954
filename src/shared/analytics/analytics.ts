/**
 * Google Analytics (gtag.js), loaded only when the server has ANALYTICS_ID: the
 * server writes the ID into the page's head as a meta tag of this name, and the
 * browser loads the script after the first interaction or five seconds (spec, section 7).
 */
export const ANALYTICS_META_NAME = "analytics-id";

/** A Google Analytics 4 measurement ID ("G-" and letters or digits); nothing else reaches a page or a URL. */
export const ANALYTICS_ID_PATTERN = /^G-[A-Z0-9]{4,20}$/;

export const GTAG_SCRIPT_ORIGIN = "https://www.googletagmanager.com";

/** The script's address for a measurement ID. */
export function gtagScriptUrl(measurementId: string): string {
  return `${GTAG_SCRIPT_ORIGIN}/gtag/js?id=${encodeURIComponent(measurementId)}`;
}
