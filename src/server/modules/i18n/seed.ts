import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { LOCALES } from "../../../shared/i18n/locales";
import type { Executor } from "../../db/client";
import { translations } from "../../db/schema/i18n";
import type { Seeder } from "../../db/seed";

/**
 * Loads data/translations/<lang>.json. Keys already in the table are left alone,
 * so an admin's edit survives a restart and a release only adds new keys.
 */
export function translationsSeeder(dataDir: string): Seeder {
  const files = LOCALES.map((language) => ({ language, file: path.join(dataDir, "translations", `${language}.json`) }));
  const contents = files.map(({ language, file }) => ({ language, text: readFileSync(file, "utf8") }));
  const version = createHash("sha256").update(contents.map((content) => content.text).join("\n")).digest("hex").slice(0, 16);
  return {
    name: "translations",
    version,
    async run(db: Executor) {
      for (const { language, text } of contents) {
        const strings = JSON.parse(text) as Record<string, string>;
        const rows = Object.entries(strings).map(([key, value]) => ({ language, key, value }));
        for (let start = 0; start < rows.length; start += 500) {
          await db.insert(translations).values(rows.slice(start, start + 500)).onConflictDoNothing();
        }
      }
    },
  };
}
