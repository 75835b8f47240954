import { i18n } from "../lib/i18n/i18n";

/**
 * Vitest setup of the web project. The app loads English from the server like every
 * language; components rendered on their own here read it from the files instead, as
 * if the startup and page strings had arrived.
 */
const englishFiles = import.meta.glob<Record<string, string>>("../../../data/translations/en/*.json", { eager: true, import: "default" });
i18n.addResourceBundle("en", "translation", Object.assign({}, ...Object.values(englishFiles)), true, true);
