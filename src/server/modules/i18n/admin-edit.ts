import { and, eq, sql } from "drizzle-orm";
import type { AdminTranslationRow } from "../../../shared/api/admin-translations";
import type { Locale } from "../../../shared/i18n/locales";
import { compareMarkup, markupKept, type MarkupDifference } from "../../../shared/i18n/translation-markup";
import type { BusPublisher } from "../../db/bus";
import type { Executor } from "../../db/client";
import { auditLog } from "../../db/schema/audit";
import { translations } from "../../db/schema/i18n";
import { AppError } from "../../http/app-error";
import { translationRow } from "./admin-list";
import { TRANSLATIONS_CHANGED_TOPIC } from "./translations-changed";

export interface TranslationEditDeps {
  db: Executor;
  bus: BusPublisher;
  /** This instance's strings, forgotten as soon as the change commits (the bus tells the others). */
  forget: () => void;
}

/** The markup difference as the refusal's details: one entry per token, under "missing" or "extra". */
export function markupDetails(difference: MarkupDifference) {
  return [
    ...difference.missing.map((token) => ({ path: "missing", message: token })),
    ...difference.extra.map((token) => ({ path: "extra", message: token })),
  ];
}

function markupRefusal(key: string, difference: MarkupDifference): AppError {
  const parts = [
    difference.missing.length > 0 ? `missing ${difference.missing.join(" ")}` : "",
    difference.extra.length > 0 ? `not in English ${difference.extra.join(" ")}` : "",
  ].filter(Boolean);
  return new AppError(400, "translation_markup_mismatch", `The value of ${key} must keep the English placeholders and markup: ${parts.join("; ")}`, markupDetails(difference));
}

/**
 * Writes one value as an admin's (kept by later releases), with its audit row; the caller's
 * transaction. Stamped by the database's clock, as the seeder stamps English: "older than its
 * English source" compares times from one clock.
 */
export async function writeAdminValue(tx: Executor, actorUserId: string, language: Locale, key: string, before: string | null, after: string) {
  const now = sql`now()`;
  await tx
    .insert(translations)
    .values({ language, key, value: after, source: "admin", updatedAt: now })
    .onConflictDoUpdate({ target: [translations.language, translations.key], set: { value: after, source: "admin", updatedAt: now } });
  await tx.insert(auditLog).values({
    actorUserId,
    action: "translation.update",
    subjectType: "translation",
    subjectId: `${language}:${key}`,
    before: { language, key, value: before },
    after: { language, key, value: after },
  });
}

/**
 * Saves an admin's value of one key in one language. Refused with nothing written: a key
 * English does not have (404), a value that loses or adds a placeholder, tag or link of the
 * English source (400 naming them), an empty value (400). The same value again writes nothing.
 */
export async function updateTranslation(deps: TranslationEditDeps, actorUserId: string, language: Locale, key: string, value: string): Promise<AdminTranslationRow> {
  if (value.trim() === "") throw new AppError(400, "translation_value_empty", "A translation cannot be empty");
  const changed = await deps.db.transaction(async (tx) => {
    // The English row locked: an English edit at the same time cannot slip a new source past the check.
    const [source] = await tx
      .select({ value: translations.value })
      .from(translations)
      .where(and(eq(translations.language, "en"), eq(translations.key, key)))
      .for("update");
    if (!source) throw new AppError(404, "translation_key_unknown", `There is no translation key ${key}`);
    const difference = compareMarkup(source.value, value);
    if (!markupKept(difference)) throw markupRefusal(key, difference);
    const [current] = await tx
      .select({ value: translations.value, source: translations.source })
      .from(translations)
      .where(and(eq(translations.language, language), eq(translations.key, key)))
      .for("update");
    if (current?.value === value) return false;
    await writeAdminValue(tx, actorUserId, language, key, current?.value ?? null, value);
    await deps.bus.publish({ topic: TRANSLATIONS_CHANGED_TOPIC, data: { language } }, tx);
    return true;
  });
  if (changed) deps.forget();
  const row = await translationRow(deps.db, language, key);
  if (!row) throw new AppError(404, "translation_key_unknown", `There is no translation key ${key}`);
  return row;
}
