import { z } from "zod";
import { defineEndpoint } from "./endpoint";

/**
 * Public facts about the business the footer and support pages show (from configuration).
 * supportLocation is null when SUPPORT_LOCATION is not set: the web then shows our own
 * location in the reader's language; a configured one is shown as written.
 */
export const siteInfo = defineEndpoint({
  method: "GET",
  path: "/api/site",
  access: "public",
  summary: "Support contact and location",
  response: z.object({ supportEmail: z.string(), supportLocation: z.string().nullable() }),
});

/**
 * The state a public page was rendered from (shared/site/ssr-state.ts), for a visitor's page
 * whose HTML went out without it: its app asks at the visitor's first use (decision 051).
 */
export const pageState = defineEndpoint({
  method: "GET",
  path: "/api/page-state",
  access: "public",
  summary: "The state a public page is rendered from, for the browser to take the page over",
  query: z.object({
    /** The page's path and query, as in the browser's address bar: "/ar/country/in". */
    page: z.string().startsWith("/").max(2000),
  }),
  response: z.object({
    language: z.string(),
    strings: z.record(z.string(), z.string()),
    english: z.record(z.string(), z.string()),
    queries: z.unknown(),
    regionNames: z.record(z.string(), z.record(z.string(), z.string())),
    session: z.object({ user: z.object({ id: z.string(), email: z.string() }), session: z.object({ expiresAt: z.string() }) }).nullable(),
  }),
});
