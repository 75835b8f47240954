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
