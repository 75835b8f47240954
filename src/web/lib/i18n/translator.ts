import { directionOf, isLocale } from "../../../shared/i18n/locales";

/**
 * The app's strings and the function that reads them. What the app asks of a translation library is small:
 * flat keys (dots are part of the name), English behind every language, `{{name}}` placeholders, plurals by
 * the language's own rules (`key_one`, `key_other`, `key_zero` for none) and a default for a key nobody wrote.
 * i18next did that in 48 KiB of the first screen's JavaScript (decision 017); this does it as i18next did,
 * which `translator.test.ts` checks against i18next itself on every string the app ships.
 */

export type TranslateOptions = {
  /** Picks the plural form when a number; a string (already formatted) only fills `{{count}}`. */
  count?: number | string;
  defaultValue?: string;
  /** Values for the placeholders, instead of the options themselves. */
  replace?: Record<string, unknown>;
  [name: string]: unknown;
};
export type TFunction = (key: string | readonly string[], options?: TranslateOptions) => string;
type Event = "added" | "languageChanged";

/** The strings of every language, shared by the browser's translator and each server render's own. */
class StringStore {
  readonly bundles = new Map<string, Record<string, string>>();
  readonly listeners = new Map<Event, Set<() => void>>();
  emit(event: Event) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener();
  }
}

const FALLBACK = "en";
const PLACEHOLDER = /\{\{(.+?)\}\}/g;
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralOf(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** A placeholder's value, by name or by a dotted path into an object value. */
function valueOf(values: Record<string, unknown>, name: string): unknown {
  if (name in values) return values[name];
  let value: unknown = values;
  for (const part of name.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function interpolate(text: string, values: Record<string, unknown>): string {
  if (!text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (placeholder, inner: string) => {
    const name = inner.trim();
    const value = valueOf(values, name);
    // A placeholder nobody filled stays as written, as i18next leaves it; one given as undefined or null reads as nothing.
    if (value === undefined || value === null) return Object.prototype.hasOwnProperty.call(values, name) ? "" : placeholder;
    return String(value);
  });
}

export class Translator {
  constructor(
    private readonly store: StringStore,
    public language: string,
  ) {}

  /** The string of the first of `keys` the language or English has, its placeholders filled; else the default, else the key. */
  t: TFunction = (keys, options = {}) => {
    const found = this.lookUp(typeof keys === "string" ? [keys] : keys, options);
    const list = typeof keys === "string" ? [keys] : keys;
    const text = found ?? options.defaultValue ?? list[list.length - 1] ?? "";
    return interpolate(text, options.replace ?? options);
  };

  /** Whether some language in reach (this one, then English) has a non-empty string for the key. */
  exists(key: string, options: TranslateOptions = {}): boolean {
    return this.lookUp([key], options) !== undefined;
  }

  private lookUp(keys: readonly string[], options: TranslateOptions): string | undefined {
    const languages = this.language === FALLBACK ? [FALLBACK] : [this.language, FALLBACK];
    const { count } = options;
    for (const key of keys) {
      for (const language of languages) {
        const strings = this.store.bundles.get(language);
        if (!strings) continue;
        // i18next's order: none (`_zero`) for a count of 0, then the language's plural form, then the key itself.
        const candidates = typeof count === "number" ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralOf(language, count)}`, key] : [key];
        for (const candidate of candidates) {
          const text = strings[candidate];
          // An empty string is a translation nobody wrote yet: the next candidate, or English, stands in.
          if (text !== undefined && text !== "") return text;
        }
      }
    }
    return undefined;
  }

  /** Adds strings to a language, replacing those of the same keys; `silent` does not re-render what shows (the "added" event). */
  addStrings(language: string, strings: Record<string, string>, { silent = false }: { silent?: boolean } = {}): void {
    this.store.bundles.set(language, { ...this.store.bundles.get(language), ...strings });
    if (!silent) this.store.emit("added");
  }

  /** The strings a language has so far, or undefined before its first. */
  stringsOf(language: string): Readonly<Record<string, string>> | undefined {
    return this.store.bundles.get(language);
  }

  async changeLanguage(language: string): Promise<void> {
    this.language = language;
    this.store.emit("languageChanged");
  }

  /** A translator of its own language over the same strings: a server render's, one per request. */
  forLanguage(language: string): Translator {
    return new Translator(this.store, language);
  }

  dir(language = this.language): "ltr" | "rtl" {
    return isLocale(language) ? directionOf(language) : "ltr";
  }

  on(event: Event, listener: () => void): void {
    const listeners = this.store.listeners.get(event) ?? new Set();
    listeners.add(listener);
    this.store.listeners.set(event, listeners);
  }

  off(event: Event, listener: () => void): void {
    this.store.listeners.get(event)?.delete(listener);
  }
}

export function createTranslator(language: string = FALLBACK): Translator {
  return new Translator(new StringStore(), language);
}
