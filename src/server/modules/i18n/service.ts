import { and, eq, ilike, not, or, type SQL } from "drizzle-orm";
import type { Locale } from "../../../shared/i18n/locales";
import type { Executor } from "../../db/client";
import { translations } from "../../db/schema/i18n";

/** A language's strings as a flat key -> value map, optionally limited to (or excluding) key prefixes. */
export async function loadStrings(
  db: Executor,
  language: Locale,
  filter: { prefixes: string[]; exclude: boolean } = { prefixes: [], exclude: false },
): Promise<Record<string, string>> {
  const matches = filter.prefixes.map((prefix) => ilike(translations.key, `${escapeLike(prefix)}%`));
  let where: SQL | undefined = eq(translations.language, language);
  if (matches.length > 0) {
    const any = or(...matches);
    where = and(where, filter.exclude && any ? not(any) : any);
  }
  const rows = await db.select({ key: translations.key, value: translations.value }).from(translations).where(where).orderBy(translations.key);
  const strings: Record<string, string> = {};
  // The spec: a value that is empty or just repeats its key is no translation.
  for (const row of rows) if (row.value.trim() !== "" && row.value !== row.key) strings[row.key] = row.value;
  return strings;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
