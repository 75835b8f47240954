import { afterAll } from "vitest";
import type { Translator } from "../lib/i18n/translator";
import { i18n } from "../lib/i18n/i18n";

const englishFiles = import.meta.glob<Record<string, string>>("../../../data/translations/en/*.json", { eager: true, import: "default" });

/** Every English string, as the files hold them. */
export const ENGLISH: Record<string, string> = Object.assign({}, ...Object.values(englishFiles));

/** Puts English in a translator: for a test that imports a fresh copy of the app's (vi.resetModules). */
export function loadEnglish(instance: Translator): void {
  instance.addStrings("en", ENGLISH);
}

/**
 * Vitest setup of the web project. The app loads English from the server like every
 * language; components rendered on their own here read it from the files instead, as
 * if the startup and page strings had arrived.
 */
loadEnglish(i18n);

// A file of the web project shares its worker's modules with the next (vitest.config.ts): it starts in English, as the files hold it.
afterAll(async () => {
  if (i18n.language !== "en") await i18n.changeLanguage("en");
  loadEnglish(i18n);
});
