import { ANALYTICS_META_NAME, ANALYTICS_ID_PATTERN, GTAG_SCRIPT_ORIGIN } from "../../shared/analytics/analytics";

/**
 * What pages may load once analytics is on: Google's own list for Google Analytics 4
 * (Tag Platform, "Use a Content Security Policy"). Without ANALYTICS_ID none of these
 * is in the policy, so a page could not reach Google even if a script tried.
 */
export const ANALYTICS_CSP_SOURCES = {
  scriptSrc: [GTAG_SCRIPT_ORIGIN],
  imgSrc: ["https://*.google-analytics.com", "https://*.googletagmanager.com"],
  connectSrc: ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"],
} as const;

/**
 * index.html with the measurement ID in its head, for the browser's deferred loader
 * (src/web/lib/analytics); unchanged without one, so nothing of analytics reaches the page.
 */
export function withAnalyticsId(html: string, analyticsId: string | undefined): string {
  if (analyticsId === undefined) return html;
  // Checked again here: the ID goes into HTML, and config.ts is not the only caller.
  if (!ANALYTICS_ID_PATTERN.test(analyticsId)) throw new Error(`not a Google Analytics measurement ID: ${analyticsId}`);
  return html.replace("</head>", `<meta name="${ANALYTICS_META_NAME}" content="${analyticsId}">\n</head>`);
}
