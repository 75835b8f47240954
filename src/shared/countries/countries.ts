import { COUNTRY_TABLE } from "./country-table";

/** One country (or territory) of the picker: every region libphonenumber-js knows. */
export interface CountryEntry {
  /** ISO 3166-1 alpha-2, upper case ("XK", "AC" and "TA" included, as in libphonenumber). */
  code: string;
  /** The international calling code without "+": "44"; "1" for every NANP member. */
  callingCode: string;
  /** What the picker shows and prefixes to the typed digits: "+44", "+1" (US, CA), "+1876" (JM). */
  dialCode: string;
}

/** The footer's and the URLs' country slugs are lower-case ISO codes, except "uk" for GB (spec). */
const SLUG_ALIASES: Readonly<Record<string, string>> = { uk: "GB" };
const CODE_SLUGS: Readonly<Record<string, string>> = { GB: "uk" };

// Regions libphonenumber has that a runtime's CLDR data might not name (not ISO 3166-1 members).
const EXTRA_ENGLISH_NAMES: Readonly<Record<string, string>> = {
  AC: "Ascension Island",
  TA: "Tristan da Cunha",
};

// CLDR's long names of these are formal ("Hong Kong SAR China", "Palestinian Territories");
// its short ones are what people say, and the same in Node's and Chromium's data.
const SHORT_FORM = new Set(["HK", "MO", "PS"]);

// What people also type for a country, whatever the language.
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  US: ["USA", "United States of America", "America"],
  GB: ["UK", "Great Britain", "Britain", "England"],
  AE: ["UAE", "Emirates"],
};

/**
 * Every region libphonenumber-js knows (about 245), sorted by code. Read from the
 * generated table (country-table.ts) rather than computed from the phone library:
 * its metadata would otherwise be part of every page's first load.
 */
export const COUNTRIES: readonly CountryEntry[] = COUNTRY_TABLE.map(([code, callingCode, dialCode]) => ({ code, callingCode, dialCode }));

const BY_CODE: ReadonlyMap<string, CountryEntry> = new Map(COUNTRIES.map((entry) => [entry.code, entry]));

export function getCountry(code: string): CountryEntry | undefined {
  return BY_CODE.get(code.toUpperCase());
}

// The region libphonenumber lists first for a shared calling code (US for 1, GB for
// 44, RU for 7) is its main one; used only to rank search results.
const MAIN_REGIONS: ReadonlySet<string> = new Set(COUNTRY_TABLE.filter((row) => row[3]).map((row) => row[0]));

function isMainRegion(entry: CountryEntry): boolean {
  return MAIN_REGIONS.has(entry.code);
}

// ---------------------------------------------------------------------------
// Names

// Folded search names per locale and code; search runs on every keystroke.
const foldedNamesCache = new Map<string, Map<string, readonly string[]>>();
const displayNamesCache = new Map<string, { long: Intl.DisplayNames; short: Intl.DisplayNames } | null>();

function localeCandidates(locale: string): string[] {
  const lower = locale.trim().toLowerCase().replace("_", "-");
  const base = lower.split("-")[0] ?? lower;
  return base === lower ? [lower] : [lower, base];
}

/** CLDR's region names in the first of the locales the runtime knows, else English. */
function displayNamesFor(locale: string): { long: Intl.DisplayNames; short: Intl.DisplayNames; language: string } {
  for (const candidate of [...localeCandidates(locale), "en"]) {
    let names = displayNamesCache.get(candidate);
    if (names === undefined) {
      let supported: boolean;
      try {
        supported = candidate !== "" && Intl.DisplayNames.supportedLocalesOf([candidate]).length > 0;
      } catch {
        supported = false;
      }
      names = supported
        ? { long: new Intl.DisplayNames([candidate], { type: "region", fallback: "none" }), short: new Intl.DisplayNames([candidate], { type: "region", style: "short", fallback: "none" }) }
        : null;
      displayNamesCache.set(candidate, names);
    }
    if (names !== null) return { ...names, language: candidate.split("-")[0] ?? candidate };
  }
  throw new Error("the runtime has no region names at all");
}

// CLDR's Russian names shorten "island(s)" and "saint" ("о-ва Кука", "о-в Св. Елены") and use
// initialisms for a few countries; names are spelled out.
const RUSSIAN_FULL_NAMES: Readonly<Record<string, string>> = {
  AE: "Объединённые Арабские Эмираты",
  KP: "Северная Корея",
  VG: "Британские Виргинские острова",
  VI: "Американские Виргинские острова",
};

function spellOutRussian(name: string): string {
  const full = name
    .replace(/(^|[\s(])о-ва(?=[\s)]|$)/gu, "$1острова")
    .replace(/(^|[\s(])о-в(?=[\s)]|$)/gu, "$1остров")
    .replace(/(^|[\s(])Св\.\s*/gu, "$1Святой ");
  return full.charAt(0).toUpperCase() + full.slice(1);
}

/**
 * Names as another runtime gave them, per locale ("en", "ar"): [long, short] by code.
 * CLDR's editions differ between Node and browsers ("Falkland Islands" or "Falkland
 * Islands (Islas Malvinas)"), so a page the server rendered brings the server's names
 * (ssr/render-page.tsx) and the browser uses them, and renders what the server did.
 */
export type RegionNames = Record<string, [string | null, string | null]>;
const fixedNames = new Map<string, RegionNames>();

/** Every country's [long, short] name in a locale, as this runtime gives them. */
export function regionNamesOf(locale: string): RegionNames {
  const names: RegionNames = {};
  for (const code of BY_CODE.keys()) names[code] = [cldrName(code, locale, "long") ?? null, cldrName(code, locale, "short") ?? null];
  return names;
}

/** Uses these names in a locale from now on (see RegionNames). */
export function fixRegionNames(locale: string, names: RegionNames): void {
  fixedNames.set(locale.toLowerCase(), names);
  foldedNamesCache.delete(locale);
}

function cldrName(code: string, locale: string, style: "long" | "short"): string | undefined {
  const fixed = fixedNames.get(locale.toLowerCase())?.[code];
  if (fixed !== undefined) return fixed[style === "long" ? 0 : 1] ?? undefined;
  const names = displayNamesFor(locale);
  let name: string | undefined;
  try {
    name = names[style].of(code);
  } catch {
    name = undefined;
  }
  if (name === undefined || name === code) return undefined;
  if (names.language !== "ru") return name;
  return (style === "long" ? RUSSIAN_FULL_NAMES[code] : undefined) ?? spellOutRussian(name);
}

/**
 * The country's everyday name in a language, as CLDR gives it through
 * Intl.DisplayNames ("China", "Taiwan", "Hong Kong", never "Taiwan, Province of
 * China"), Russian spelled out; English when the runtime lacks the language, then
 * the code itself. Accepts "pt", "pt-BR" or "PT". The footer, the picker, the rate
 * pages and the admin all call this, so a country has one name everywhere.
 */
export function countryName(code: string, locale: string): string {
  const upper = code.toUpperCase();
  // CLDR also names pseudo-regions ("ZZ" is "Unknown Region"): only the phone library's regions are countries here.
  if (!BY_CODE.has(upper)) return upper;
  const style = SHORT_FORM.has(upper) ? "short" : "long";
  return cldrName(upper, locale, style) ?? cldrName(upper, "en", style) ?? EXTRA_ENGLISH_NAMES[upper] ?? upper;
}

/**
 * Every name a person might type for a country, folded for search: the long and
 * short names in the language and in English, and common aliases ("UK", "USA").
 */
function searchableNames(code: string, locale: string): readonly string[] {
  let perLocale = foldedNamesCache.get(locale);
  if (perLocale === undefined) {
    perLocale = new Map();
    foldedNamesCache.set(locale, perLocale);
  }
  const cached = perLocale.get(code);
  if (cached !== undefined) return cached;
  const names = new Set<string>();
  for (const candidate of [locale, "en"]) {
    for (const style of ["long", "short"] as const) {
      const name = cldrName(code, candidate, style);
      if (name !== undefined) names.add(foldForSearch(name));
    }
  }
  for (const alias of ALIASES[code] ?? []) names.add(foldForSearch(alias));
  const extra = EXTRA_ENGLISH_NAMES[code];
  if (extra !== undefined) names.add(foldForSearch(extra));
  const result = [...names];
  perLocale.set(code, result);
  return result;
}

const collators = new Map<string, Intl.Collator>();

/**
 * The collator that sorts country names in `locale`, ignoring case and accents. One per
 * language, kept: building one loads the language's collation data, a cost a slow phone
 * feels when a page sorts its countries while it starts.
 */
export function collatorFor(locale: string): Intl.Collator {
  let collator = collators.get(locale);
  if (collator === undefined) {
    try {
      collator = new Intl.Collator(localeCandidates(locale)[0] || "en", { sensitivity: "base" });
    } catch {
      collator = new Intl.Collator("en", { sensitivity: "base" });
    }
    collators.set(locale, collator);
  }
  return collator;
}

// ---------------------------------------------------------------------------
// Search

/** Lower case, without accents or other combining marks: "Côte d'Ivoire" → "cote d'ivoire". */
export function foldForSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase().trim();
}

/**
 * The picker's search (spec: name, dial code or code, case-insensitive): "jam" and
 * "1876" find Jamaica, "+44", "gb" and "uk" find the United Kingdom, "reunion" finds
 * Réunion. Names match in the given language and in English, accents ignored.
 * Results are ranked: exact code, exact dial code, name prefix, dial-code prefix,
 * name containing the query; ties put the main region of a shared calling code
 * first (US before CA for "+1"), then sort by the localized name.
 */
export function searchCountries(
  entries: readonly CountryEntry[],
  query: string,
  locale: string,
): CountryEntry[] {
  const folded = foldForSearch(query);
  if (folded === "") return [...entries];
  const digits = /^\+?\s*[\d\s-]+$/.test(folded) ? folded.replace(/\D/g, "") : "";
  const slugCode = SLUG_ALIASES[folded];

  const scored: { entry: CountryEntry; score: number; name: string }[] = [];
  for (const entry of entries) {
    const name = countryName(entry.code, locale);
    let score = Number.POSITIVE_INFINITY;
    if (folded === entry.code.toLowerCase() || slugCode === entry.code) score = 0;
    if (digits !== "") {
      const dialDigits = entry.dialCode.slice(1);
      if (dialDigits === digits) score = Math.min(score, 1);
      else if (dialDigits.startsWith(digits)) score = Math.min(score, 3);
    } else {
      for (const foldedName of searchableNames(entry.code, locale)) {
        if (foldedName.startsWith(folded) || foldedName.split(/[\s,'’()-]+/).some((word) => word.startsWith(folded))) {
          score = Math.min(score, 2);
        } else if (foldedName.includes(folded)) {
          score = Math.min(score, 4);
        }
      }
    }
    if (Number.isFinite(score)) scored.push({ entry, score, name });
  }
  const collator = collatorFor(locale);
  scored.sort(
    (a, b) =>
      a.score - b.score ||
      Number(isMainRegion(b.entry)) - Number(isMainRegion(a.entry)) ||
      collator.compare(a.name, b.name),
  );
  return scored.map((item) => item.entry);
}

// ---------------------------------------------------------------------------
// URL slugs

/** A country page slug to its ISO code: "uk" → "GB", "jm" → "JM"; null for unknown slugs. */
export function countrySlugToCode(slug: string): string | null {
  const lower = slug.trim().toLowerCase();
  const code = SLUG_ALIASES[lower] ?? lower.toUpperCase();
  return BY_CODE.has(code) ? code : null;
}

/** The slug used in links for an ISO code: "GB" → "uk", "JM" → "jm". */
export function countryCodeToSlug(code: string): string {
  const upper = code.toUpperCase();
  return CODE_SLUGS[upper] ?? upper.toLowerCase();
}
