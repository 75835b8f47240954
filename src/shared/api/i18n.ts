import { z } from "zod";
import { LOCALES } from "../i18n/locales";
import { defineEndpoint } from "./endpoint";

export const translationStrings = defineEndpoint({
  method: "GET",
  path: "/api/i18n/:language",
  access: "public",
  summary: "Interface strings of one language, optionally only the keys under some prefixes",
  params: z.object({ language: z.enum(LOCALES) }),
  query: z.object({
    /** Comma-separated key prefixes ("nav.,common."); with exclude=true, every other key. */
    prefixes: z.string().max(1000).optional(),
    exclude: z.enum(["true", "false"]).optional(),
  }),
  response: z.object({ language: z.enum(LOCALES), strings: z.record(z.string(), z.string()) }),
});
