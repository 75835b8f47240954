import { z } from "zod";
import { LOCALES } from "../i18n/locales";
import { defineEndpoint } from "./endpoint";
import { pagedAnswer, pagingQuery } from "./paging";

/**
 * The back office's translations: every key of the English source with its value in one
 * language, searched and filtered, edited one value at a time, and a whole language exported
 * and imported as a flat JSON object of key → value (the keys are already dotted names, as in
 * data/translations). A value must keep its English source's placeholders, tags and links
 * (shared/i18n/translation-markup.ts), checked here before anything is written.
 */
const timestamp = z.iso.datetime({ offset: true });

export const TRANSLATION_STATES = ["missing", "outdated"] as const;
export type TranslationState = (typeof TRANSLATION_STATES)[number];
export const ADMIN_TRANSLATIONS_PAGE_SIZE = 50;
/** The longest value an admin may save (the longest shipped one is a few hundred characters). */
export const TRANSLATION_VALUE_MAX = 5000;
/** The largest import: a whole language is about 170 kB. */
export const TRANSLATION_IMPORT_MAX_BYTES = 1024 * 1024;

const translationKey = z.string().min(1).max(200);

export const adminTranslationRowSchema = z.object({
  key: z.string(),
  /** The English source the value translates. */
  english: z.string(),
  /** Null when the language has no value for the key. */
  value: z.string().nullable(),
  /** "seed": the shipped wording, which a release may update; "admin": an admin's edit, which releases keep. */
  source: z.enum(["seed", "admin"]).nullable(),
  updatedAt: timestamp.nullable(),
  englishUpdatedAt: timestamp,
  /** No value, an empty one, or one that only repeats its key (the app shows English). */
  missing: z.boolean(),
  /** Changed before its English source last changed: the translation may say something else. */
  outdated: z.boolean(),
});
export type AdminTranslationRow = z.infer<typeof adminTranslationRowSchema>;

export const adminTranslationFilter = z.object({
  language: z.enum(LOCALES),
  /** Part of the key, the value or the English source, case ignored. */
  q: z.string().trim().max(200).optional(),
  state: z.enum(TRANSLATION_STATES).optional(),
});
export type AdminTranslationFilter = z.infer<typeof adminTranslationFilter>;

export const adminTranslations = defineEndpoint({
  method: "GET",
  path: "/api/admin/translations",
  access: "admin",
  summary: "Every English key with its value in one language, searched, filtered (missing, older than English) and paged, with the missing values per language",
  query: adminTranslationFilter.extend(pagingQuery(ADMIN_TRANSLATIONS_PAGE_SIZE).shape),
  response: z.object({
    rows: z.array(adminTranslationRowSchema),
    ...pagedAnswer,
    /** Rows matching the filter. */
    total: z.number().int(),
    /** Keys in the English source. */
    keys: z.number().int(),
    /** Per language, the English keys it has no value for. */
    missing: z.record(z.enum(LOCALES), z.number().int()),
  }),
});

export const updateTranslation = defineEndpoint({
  method: "PUT",
  path: "/api/admin/translations",
  access: "admin",
  summary: "Saves one value (placeholders and markup as in English), audited, and tells every instance to reload the language",
  body: z.object({ language: z.enum(LOCALES), key: translationKey, value: z.string().max(TRANSLATION_VALUE_MAX) }),
  response: z.object({ row: adminTranslationRowSchema }),
});

export const translationsExportPath = "/api/admin/translations/export.json";

export const exportTranslations = defineEndpoint({
  method: "GET",
  path: translationsExportPath,
  access: "admin",
  summary: "One language's values as a flat JSON object of key → value, sorted by key, as a file",
  query: z.object({ language: z.enum(LOCALES) }),
  response: z.record(z.string(), z.string()),
});

export const translationImportBody = z.object({
  language: z.enum(LOCALES),
  /** The file's object: key → value. An empty value is skipped, never a deletion. */
  strings: z.record(translationKey, z.string().max(TRANSLATION_VALUE_MAX)),
});

export const translationImportReportSchema = z.object({
  language: z.enum(LOCALES),
  /** Values that would change (or did), with what they were. */
  changed: z.array(z.object({ key: z.string(), before: z.string().nullable(), after: z.string() })),
  unchanged: z.number().int(),
  skippedEmpty: z.number().int(),
  /** Keys the English source does not have. */
  unknownKeys: z.array(z.string()),
  /** Values whose placeholders or markup differ from English. */
  refused: z.array(z.object({ key: z.string(), missing: z.array(z.string()), extra: z.array(z.string()) })),
  /** Whether the import was written (only with no unknown key and no refused value). */
  applied: z.boolean(),
});
export type TranslationImportReport = z.infer<typeof translationImportReportSchema>;

export const previewTranslationImport = defineEndpoint({
  method: "POST",
  path: "/api/admin/translations/import/preview",
  access: "admin",
  summary: "What importing the language's JSON would change, and what it refuses; nothing is written",
  body: translationImportBody,
  response: translationImportReportSchema,
});

export const importTranslations = defineEndpoint({
  method: "POST",
  path: "/api/admin/translations/import",
  access: "admin",
  summary: "Imports the language's JSON all or nothing: any unknown key or refused value writes nothing (422 with the report)",
  body: translationImportBody,
  response: translationImportReportSchema,
});
