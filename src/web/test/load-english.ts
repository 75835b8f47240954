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
