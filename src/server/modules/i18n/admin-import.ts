import { and, asc, eq, inArray } from "drizzle-orm";
import type { TranslationImportReport } from "../../../shared/api/admin-translations";
import type { Locale } from "../../../shared/i18n/locales";
import { compareMarkup, markupKept } from "../../../shared/i18n/translation-markup";
import type { Executor } from "../../db/client";
import { translations } from "../../db/schema/i18n";
import { AppError } from "../../http/app-error";
import { TRANSLATIONS_CHANGED_TOPIC } from "./translations-changed";
import { writeAdminValue, type TranslationEditDeps } from "./admin-edit";

/** One language's values as the export writes them: a flat object, sorted by key, English's keys only. */
export async function exportLanguage(db: Executor, language: Locale): Promise<Record<string, string>> {
  const rows = await db
    .select({ key: translations.key, value: translations.value })
    .from(translations)
    .where(and(eq(translations.language, language), inArray(translations.key, db.select({ key: translations.key }).from(translations).where(eq(translations.language, "en")))))
    .orderBy(asc(translations.key));
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

/** What importing `strings` into `language` would do, read from the executor (the import's own transaction). */
async function planImport(db: Executor, language: Locale, strings: Record<string, string>): Promise<TranslationImportReport> {
  const englishRows = await db.select({ key: translations.key, value: translations.value }).from(translations).where(eq(translations.language, "en"));
  const sources = new Map(englishRows.map((row) => [row.key, row.value]));
  const currentRows = await db.select({ key: translations.key, value: translations.value }).from(translations).where(eq(translations.language, language));
  const current = new Map(currentRows.map((row) => [row.key, row.value]));
  const report: TranslationImportReport = { language, changed: [], unchanged: 0, skippedEmpty: 0, unknownKeys: [], refused: [], applied: false };
  for (const key of Object.keys(strings).sort()) {
    const value = strings[key] ?? "";
    const source = sources.get(key);
    if (source === undefined) {
      report.unknownKeys.push(key);
      continue;
    }
    if (value.trim() === "") {
      report.skippedEmpty += 1;
      continue;
    }
    const difference = compareMarkup(source, value);
    if (!markupKept(difference)) {
      report.refused.push({ key, ...difference });
      continue;
    }
    const before = current.get(key) ?? null;
    if (before === value) report.unchanged += 1;
    else report.changed.push({ key, before, after: value });
  }
  return report;
}

const acceptable = (report: TranslationImportReport) => report.unknownKeys.length === 0 && report.refused.length === 0;

export function previewImport(db: Executor, language: Locale, strings: Record<string, string>): Promise<TranslationImportReport> {
  return planImport(db, language, strings);
}

/**
 * Imports a language's JSON all or nothing: planned and written in one transaction, and
 * refused whole (422, nothing written) when any key is unknown or any value breaks its
 * English markup. Each changed value is an admin's edit with its own audit row.
 */
export async function applyImport(deps: TranslationEditDeps, actorUserId: string, language: Locale, strings: Record<string, string>): Promise<TranslationImportReport> {
  const report = await deps.db.transaction(async (tx) => {
    const plan = await planImport(tx, language, strings);
    if (!acceptable(plan)) {
      const details = [
        ...plan.unknownKeys.map((key) => ({ path: key, message: "unknown key" })),
        ...plan.refused.map((entry) => ({ path: entry.key, message: [...entry.missing.map((token) => `missing ${token}`), ...entry.extra.map((token) => `extra ${token}`)].join(", ") })),
      ];
      throw new AppError(422, "translation_import_invalid", "Nothing was imported: the file has unknown keys or values whose placeholders or markup differ from English", details);
    }
    for (const change of plan.changed) await writeAdminValue(tx, actorUserId, language, change.key, change.before, change.after);
    if (plan.changed.length > 0) await deps.bus.publish({ topic: TRANSLATIONS_CHANGED_TOPIC, data: { language } }, tx);
    return { ...plan, applied: true };
  });
  if (report.changed.length > 0) deps.forget();
  return report;
}
