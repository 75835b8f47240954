import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  adminTranslations,
  importTranslations,
  previewTranslationImport,
  TRANSLATION_STATES,
  translationsExportPath,
  updateTranslation,
  type TranslationState,
} from "../../../shared/api/admin-translations";
import { isLocale, type Locale } from "../../../shared/i18n/locales";
import { callApi } from "../../lib/api-client";
import { i18n } from "../../lib/i18n/i18n";
import { listSearch, oneOf, textUpTo } from "../../components/list-page/list-search";

/** What the page shows: a language (the admin's own when the address names none), a search, a state. */
export interface TranslationsFilter {
  language?: Locale;
  q?: string;
  state?: TranslationState;
}
export type TranslationsFilterName = keyof TranslationsFilter;

/**
 * `?language=…&q=…&state=…&page=…`; anything malformed is dropped, so a hand-edited link never
 * fails. The language is not a filter: clearing the search and state keeps it.
 */
export const TRANSLATIONS_SEARCH = listSearch<TranslationsFilter>(
  { language: (value) => isLocale(value), q: textUpTo(200), state: oneOf(TRANSLATION_STATES) },
  { kept: ["language"] },
);

const TRANSLATIONS_KEY = ["admin", "translations"] as const;

export function useTranslationRows(language: Locale, filter: TranslationsFilter, page: number) {
  return useQuery({
    queryKey: [...TRANSLATIONS_KEY, "list", language, filter.q ?? "", filter.state ?? "", page],
    queryFn: ({ signal }) => callApi(adminTranslations, { query: { language, q: filter.q, state: filter.state, page }, signal }),
    // The current page stays on screen while the next search or page loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * Puts a saved value into this browser's strings too, when the language is loaded here: the admin
 * sees their own edit at once (visitors get it from the server on their next page).
 */
function showHere(language: Locale, strings: Record<string, string>) {
  if (i18n.stringsOf(language) !== undefined) i18n.addStrings(language, strings);
}

export function useSaveTranslation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { language: Locale; key: string; value: string }) => callApi(updateTranslation, { body }),
    onSuccess: ({ row }, body) => {
      showHere(body.language, { [row.key]: body.value });
      return queryClient.invalidateQueries({ queryKey: TRANSLATIONS_KEY });
    },
  });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: (body: { language: Locale; strings: Record<string, string> }) => callApi(previewTranslationImport, { body }) });
}

export function useImportTranslations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { language: Locale; strings: Record<string, string> }) => callApi(importTranslations, { body }),
    onSuccess: (report, body) => {
      showHere(body.language, Object.fromEntries(report.changed.map((change) => [change.key, change.after])));
      return queryClient.invalidateQueries({ queryKey: TRANSLATIONS_KEY });
    },
  });
}

/** The language's JSON file; the browser downloads it with the session cookie. */
export const translationsExportHref = (language: Locale) => `${translationsExportPath}?language=${language}`;

/**
 * A chosen file's text as the import's object: a flat object of key → text. A nested object
 * ({"nav": {"home": "…"}}) is flattened with dots, as the keys are written; anything else is null.
 */
export function readImportFile(text: string): Record<string, string> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const flat: Record<string, string> = {};
  const walk = (value: unknown, prefix: string): boolean => {
    if (typeof value === "string") {
      flat[prefix] = value;
      return prefix !== "";
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
    return Object.entries(value).every(([key, inner]) => walk(inner, prefix ? `${prefix}.${key}` : key));
  };
  return walk(parsed, "") ? flat : null;
}
