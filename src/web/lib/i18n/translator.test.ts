import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../../shared/i18n/locales";
import { createTranslator } from "./translator";

// Every string the app ships, in every language, as the server sends them (one flat object per language).
const files = import.meta.glob<Record<string, string>>("../../../../data/translations/*/*.json", { eager: true, import: "default" });
const shipped = new Map<string, Record<string, string>>();
for (const [file, strings] of Object.entries(files)) {
  const language = file.split("/").at(-2) ?? "";
  shipped.set(language, { ...shipped.get(language), ...strings });
}

/** i18next set up as the app used it before it had its own translator. */
async function referenceFor(language: string, strings: Map<string, Record<string, string>>) {
  const reference = i18next.createInstance();
  await reference.init({
    lng: language,
    fallbackLng: "en",
    resources: Object.fromEntries([...strings].map(([code, bundle]) => [code, { translation: bundle }])),
    interpolation: { escapeValue: false },
    keySeparator: false,
    nsSeparator: false,
    returnEmptyString: false,
  });
  return reference;
}

/** Options the app passes: plural counts (none, one, two, few, many), a formatted count, values, a default. */
const OPTIONS = [undefined, { count: 0 }, { count: 1 }, { count: 2 }, { count: 5 }, { count: 11 }, { count: 1.5 }, { count: "1,234" }, { name: "Ana", amount: "$5.00", code: "X" }, { defaultValue: "fallback {{name}}", name: "Ana" }, { replace: { name: "Ana" }, name: "ignored" }];

describe("the translator", () => {
  it("reads every shipped string in every language as i18next did, with English behind each", async () => {
    expect(shipped.size).toBe(LOCALES.length);
    for (const language of LOCALES) {
      // Some English strings left out of the language, and one empty: English stands in for both.
      const own = Object.fromEntries(Object.entries(shipped.get(language) ?? {}).filter((_, index) => index % 7 !== 0));
      const strings = new Map([...shipped, [language, { ...own, "nav.home": "" }]]);
      const reference = await referenceFor(language, strings);
      const translator = createTranslator(language);
      for (const [code, bundle] of strings) translator.addStrings(code, bundle);
      const keys = new Set([...Object.keys(shipped.get("en") ?? {}), ...Object.keys(own).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, "")), "no.such.key"]);
      const differences: string[] = [];
      for (const key of keys) {
        for (const options of OPTIONS) {
          const ours = translator.t(key, options);
          const theirs = String(reference.t(key, options as never));
          if (ours !== theirs) differences.push(`${language} ${key} ${JSON.stringify(options)}: ${ours} ≠ ${theirs}`);
        }
        if (translator.exists(key) !== reference.exists(key)) differences.push(`${language} ${key}: exists`);
      }
      expect(differences.slice(0, 20)).toEqual([]);
    }
    // Every shipped string × 11 options × 10 languages, twice: about 4 s alone, past the default 5 s on a busy machine.
  }, 30_000);

  it("picks a language's own plural forms and fills the count", () => {
    const translator = createTranslator("ru");
    translator.addStrings("en", { "calls.count_one": "{{count}} call", "calls.count_other": "{{count}} calls" });
    translator.addStrings("ru", { "calls.count_one": "{{count}} звонок", "calls.count_few": "{{count}} звонка", "calls.count_many": "{{count}} звонков", "calls.count_zero": "Нет звонков" });
    expect([0, 1, 3, 5, 21].map((count) => translator.t("calls.count", { count }))).toEqual(["Нет звонков", "1 звонок", "3 звонка", "5 звонков", "21 звонок"]);
    // English's rules for English's strings: a Russian "other" (1.5) has no Russian string, so English's other stands in.
    expect(translator.t("calls.count", { count: 1.5 })).toBe("1.5 calls");
  });

  it("tells those listening when strings are added, unless silently, and when the language changes", async () => {
    const translator = createTranslator("en");
    const events: string[] = [];
    translator.on("added", () => events.push("added"));
    translator.on("languageChanged", () => events.push("languageChanged"));
    translator.addStrings("sv", { a: "a" });
    translator.addStrings("sv", { b: "b" }, { silent: true });
    await translator.changeLanguage("sv");
    expect(events).toEqual(["added", "languageChanged"]);
    expect(translator.stringsOf("sv")).toEqual({ a: "a", b: "b" });
    // A server render's translator has its own language over the same strings.
    expect(translator.forLanguage("en").t("a")).toBe("a");
    expect(translator.forLanguage("en").language).toBe("en");
    expect(translator.language).toBe("sv");
  });
});
