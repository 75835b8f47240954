import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../../shared/i18n/locales";
import { SEED_DIR } from "../../app";

import { readLanguageStrings, readTranslationFiles } from "./translation-files";

const folder = path.join(SEED_DIR, "translations");
const load = (language: string) => readLanguageStrings(folder, language);
const english = load("en");

/** Strings that are the same in every language on purpose: brand names, codes, symbols. */
const SAME_IN_EVERY_LANGUAGE = /^(Dialwise|Google|Twilio|Stripe|USD|HD|FAQ|OK|[\d\s+#*().,:/$%-]*|\{\{\w+\}\})$/;
/** Keys whose English value may legitimately be identical in another language (checked by hand). */
const ALLOWED_IDENTICAL = new Set([
  "brand.name",
  // "Status" is the word in Swedish, German and Portuguese; "Jitter" the term in Swedish and German; "Actions" in French.
  "history.filter_status",
  "history.column.status",
  "history.csv.status",
  "history.quality.jitter",
  "history.column.actions",
  // The admin blog table's headers: "Status" in Swedish and German, "Date" and "Actions" in French.
  "blog.admin.column.status",
  "blog.admin.column.date",
  "blog.admin.column.actions",
  // The translations page: "Status" in Swedish, German and Portuguese, "Pages" in French.
  "admin_translations.column_status",
  "admin_translations.pagination",
  // "{{price}}/min" is how Swedish, French, Spanish and Portuguese write a price per minute too;
  // "Contacts" and "Actions" are the French words, "Name" the German one.
  "contacts.per_minute",
  "contacts.title",
  "call_section.contacts.choose",
  "contacts.column.actions",
  "contacts.column.name",
  "contacts.form.name",
  "admin_support.filter_status",
  // The users pages: "Admin" in Swedish, German, French, Spanish and Portuguese; "Status" and "Support" in
  // Swedish and German; "Administrator" and "Name" (the page's and the CSV's) in German; "Actions" in French; "No" in Spanish.
  "admin_users.badge.admin",
  "admin_users.column.status",
  "admin_users.support",
  "admin_users.role.admin",
  "admin_users.field.name",
  "admin_users.csv.name",
  "admin_users.actions",
  "admin_users.no",
  // The payments CSV: "Bonus" is the word in Swedish and French.
  "admin_payments.csv.bonus",
]);

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("translations", () => {
  it("keeps the same files in every language", () => {
    const names = (language: string) => readTranslationFiles(folder, language).map(({ file }) => path.basename(file));
    for (const language of LOCALES) expect(names(language), language).toEqual(names("en"));
  });

  it.each(LOCALES.filter((language) => language !== "en"))("%s has every English key, translated, with the same placeholders", (language) => {
    const strings = load(language);
    const missing = Object.keys(english).filter((key) => !strings[key]?.trim());
    expect(missing, `keys missing in ${language}`).toEqual([]);
    const extra = Object.keys(strings).filter((key) => !(key in english));
    expect(extra, `keys in ${language} that English lacks`).toEqual([]);
    const untranslated = Object.keys(english).filter(
      (key) => strings[key] === english[key] && !SAME_IN_EVERY_LANGUAGE.test(english[key] ?? "") && !ALLOWED_IDENTICAL.has(key),
    );
    expect(untranslated, `keys in ${language} still in English`).toEqual([]);
    const mismatched = Object.keys(english).filter((key) => JSON.stringify(placeholders(english[key] ?? "")) !== JSON.stringify(placeholders(strings[key] ?? "")));
    expect(mismatched, `keys in ${language} whose {{placeholders}} differ`).toEqual([]);
  });

  it("has an English string for every literal key the web app uses", () => {
    const webRoot = path.resolve(SEED_DIR, "../src/web");
    const used = new Set<string>();
    for (const file of sourceFiles(webRoot)) {
      for (const match of readFileSync(file, "utf8").matchAll(/\bt\(\s*"([a-z0-9_]+(?:\.[a-z0-9_]+)+)"/g)) used.add(match[1] ?? "");
    }
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((key) => !(key in english))).toEqual([]);
  });
});
