import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import path from "node:path";
import { LOCALES } from "../../../shared/i18n/locales";
import type { Executor } from "../../db/client";
import { translations } from "../../db/schema/i18n";
import type { Seeder } from "../../db/seed";
import { readLanguageStrings, readTranslationFiles } from "./translation-files";

/**
 * Loads data/translations/<lang>/*.json when the files change: new keys are
 * added and shipped wording is updated, but a value an admin edited
 * (source "admin") is kept.
 */
export function translationsSeeder(seedDir: string): Seeder {
  const folder = path.join(seedDir, "translations");
  const hash = createHash("sha256");
  for (const language of LOCALES) for (const { text } of readTranslationFiles(folder, language)) hash.update(text);
  return {
    name: "translations",
    label: "the translations",
    version: hash.digest("hex").slice(0, 16),
    async run(db: Executor) {
      for (const language of LOCALES) {
        const rows = Object.entries(readLanguageStrings(folder, language)).map(([key, value]) => ({ language, key, value }));
        for (let start = 0; start < rows.length; start += 500) {
          await db
            .insert(translations)
            .values(rows.slice(start, start + 500))
            .onConflictDoUpdate({
              target: [translations.language, translations.key],
              set: { value: sql`excluded.value`, updatedAt: sql`now()` },
              setWhere: sql`${translations.source} = 'seed' and ${translations.value} is distinct from excluded.value`,
            });
        }
      }
    },
  };
}
