import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Seed strings live in data/translations/<lang>/<feature>.json so each feature
 * owns its files. A key may appear in only one file of a language.
 */
export interface TranslationFile {
  file: string;
  text: string;
  strings: Record<string, string>;
}

export function readTranslationFiles(translationsDir: string, language: string): TranslationFile[] {
  const folder = path.join(translationsDir, language);
  return readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => {
      const file = path.join(folder, name);
      const text = readFileSync(file, "utf8");
      return { file, text, strings: JSON.parse(text) as Record<string, string> };
    });
}

/** All of a language's strings in one map; a key defined twice is an error naming both files. */
export function readLanguageStrings(translationsDir: string, language: string): Record<string, string> {
  const merged: Record<string, string> = {};
  const origin: Record<string, string> = {};
  for (const { file, strings } of readTranslationFiles(translationsDir, language)) {
    for (const [key, value] of Object.entries(strings)) {
      if (key in merged) throw new Error(`translation key ${key} is defined in both ${origin[key]} and ${file}`);
      merged[key] = value;
      origin[key] = file;
    }
  }
  return merged;
}
