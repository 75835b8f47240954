import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  ADMIN_TRANSLATIONS_PAGE_SIZE,
  type AdminTranslationFilter,
  type AdminTranslationRow,
} from "../../../shared/api/admin-translations";
import { pageOf, pageWindow, type PageRequest } from "../../../shared/api/paging";
import { LOCALES, type Locale } from "../../../shared/i18n/locales";
import type { Executor } from "../../db/client";
import { translations } from "../../db/schema/i18n";

/** The English source: its keys are every key there is. */
export const english = alias(translations, "english");
/** The chosen language's value of each English key, when it has one. */
const value = alias(translations, "value");

/** The spec's rule (i18n/service.ts): an empty value, or one that repeats its key, is no translation. */
const missingValue = sql<boolean>`(${value.value} is null or btrim(${value.value}) = '' or ${value.value} = ${value.key})`;
/** Changed before English last changed. English is its own source, so never older than itself. */
const outdatedValue = (language: Locale) =>
  language === "en" ? sql<boolean>`false` : sql<boolean>`(${value.updatedAt} is not null and ${value.updatedAt} < ${english.updatedAt})`;

function matching(filter: AdminTranslationFilter): SQL | undefined {
  const conditions: SQL[] = [eq(english.language, "en")];
  if (filter.q) {
    // Plain text, case ignored: a "%" or "_" typed by the admin means itself.
    const needle = filter.q.toLowerCase();
    conditions.push(
      sql`(strpos(lower(${english.key}), ${needle}) > 0 or strpos(lower(${english.value}), ${needle}) > 0 or strpos(lower(coalesce(${value.value}, '')), ${needle}) > 0)`,
    );
  }
  if (filter.state === "missing") conditions.push(missingValue);
  if (filter.state === "outdated") conditions.push(sql`${outdatedValue(filter.language)} and not ${missingValue}`);
  return and(...conditions);
}

const joined = (db: Executor, language: Locale) =>
  db.select().from(english).leftJoin(value, and(eq(value.key, english.key), eq(value.language, language)));

/** One row as the page shows it. */
function toRow(englishRow: typeof translations.$inferSelect, valueRow: typeof translations.$inferSelect | null, language: Locale): AdminTranslationRow {
  const text = valueRow?.value ?? null;
  const missing = text === null || text.trim() === "" || text === englishRow.key;
  return {
    key: englishRow.key,
    english: englishRow.value,
    value: text,
    source: valueRow?.source ?? null,
    updatedAt: valueRow ? valueRow.updatedAt.toISOString() : null,
    englishUpdatedAt: englishRow.updatedAt.toISOString(),
    missing,
    outdated: language !== "en" && !missing && valueRow !== null && valueRow.updatedAt < englishRow.updatedAt,
  };
}

export async function listTranslations(db: Executor, filter: AdminTranslationFilter, request: PageRequest) {
  const window = pageWindow(request, ADMIN_TRANSLATIONS_PAGE_SIZE);
  const where = matching(filter);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(english)
    .leftJoin(value, and(eq(value.key, english.key), eq(value.language, filter.language)))
    .where(where);
  const rows = await joined(db, filter.language)
    .where(where)
    .orderBy(asc(english.key))
    .limit(window.limit)
    .offset(window.offset);
  const { keys, missing } = await missingPerLanguage(db);
  return { rows: rows.map((row) => toRow(row.english, row.value, filter.language)), ...pageOf(window, total), total, keys, missing };
}

/** One key's row in a language, or null when English has no such key. */
export async function translationRow(db: Executor, language: Locale, key: string): Promise<AdminTranslationRow | null> {
  const [row] = await joined(db, language).where(and(eq(english.language, "en"), eq(english.key, key)));
  return row ? toRow(row.english, row.value, language) : null;
}

/** How many English keys each language lacks a value for (counted as the listing's "missing" filter counts). */
export async function missingPerLanguage(db: Executor): Promise<{ keys: number; missing: Record<Locale, number> }> {
  const [{ keys } = { keys: 0 }] = await db.select({ keys: count() }).from(english).where(eq(english.language, "en"));
  const present = await db
    .select({ language: value.language, present: count() })
    .from(value)
    .innerJoin(english, and(eq(english.key, value.key), eq(english.language, "en")))
    .where(sql`not ${missingValue}`)
    .groupBy(value.language);
  const missing = Object.fromEntries(LOCALES.map((language) => [language, keys])) as Record<Locale, number>;
  for (const row of present) if ((LOCALES as readonly string[]).includes(row.language)) missing[row.language as Locale] = keys - row.present;
  return { keys, missing };
}
