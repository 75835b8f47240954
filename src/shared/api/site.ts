import { z } from "zod";
import { defineEndpoint } from "./endpoint";

/** Public facts about the business the footer and support pages show (from configuration). */
export const siteInfo = defineEndpoint({
  method: "GET",
  path: "/api/site",
  access: "public",
  summary: "Support contact and location",
  response: z.object({ supportEmail: z.string(), supportLocation: z.string() }),
});
