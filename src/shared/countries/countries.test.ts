import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../i18n/locales";
import { parseDeck } from "../rates/deck";
import { buildPrefixIndex } from "../rates/prefix-index";
import {
  COUNTRIES,
  countryCodeToSlug,
  countryName,
  countrySlugToCode,
  foldForSearch,
  getCountry,
  searchCountries,
} from "./countries";
import { exampleNumberDigits } from "./country-table-source";

const codes = (query: string, locale = "en") => searchCountries(COUNTRIES, query, locale).map((entry) => entry.code);

describe("COUNTRIES", () => {
  it("lists every region libphonenumber knows, once", () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(240);
    expect(new Set(COUNTRIES.map((entry) => entry.code)).size).toBe(COUNTRIES.length);
    for (const entry of COUNTRIES) {
      expect(entry.code).toMatch(/^[A-Z]{2}$/);
      expect(entry.dialCode).toMatch(/^\+[1-9]\d{0,3}$/);
      expect(entry.dialCode.startsWith(`+${entry.callingCode}`)).toBe(true);
    }
  });

  it("gives NANP territories their area code and keeps +1 for the US and Canada", () => {
    const dial = (code: string) => getCountry(code)?.dialCode;
    expect(dial("JM")).toBe("+1876");
    expect(dial("BS")).toBe("+1242");
    expect(dial("PR")).toBe("+1787");
    expect(dial("DO")).toBe("+1809");
    expect(dial("CA")).toBe("+1");
    expect(dial("US")).toBe("+1");
    expect(dial("GB")).toBe("+44");
    expect(dial("GG")).toBe("+44");
    expect(dial("KZ")).toBe("+7");
    const nanp = COUNTRIES.filter((entry) => entry.callingCode === "1");
    expect(nanp.length).toBeGreaterThanOrEqual(25);
    for (const entry of nanp.filter((item) => item.code !== "US" && item.code !== "CA")) {
      expect([entry.code, entry.dialCode]).toEqual([entry.code, expect.stringMatching(/^\+1[2-9]\d\d$/)]);
    }
  });

  it("agrees with the carrier deck: each territory's dial code is priced by that territory's own row", () => {
    const { rows } = parseDeck(readFileSync(new URL("../../../data/provider-voice-rates.csv", import.meta.url), "utf8"));
    const index = buildPrefixIndex(rows);
    for (const entry of COUNTRIES.filter((item) => item.callingCode === "1" && item.code !== "US" && item.code !== "CA")) {
      expect([entry.code, index.lookup(entry.dialCode.slice(1))?.row.iso]).toEqual([entry.code, entry.code]);
    }
  });

  it("exposes example numbers as E.164 digits", () => {
    expect(exampleNumberDigits("JM")).toMatch(/^1876\d{7}$/);
    expect(exampleNumberDigits("gb")).toMatch(/^447\d{9}$/);
    expect(exampleNumberDigits("QQ")).toBeNull();
  });
});

describe("countryName", () => {
  it("falls back to English, then to the code", () => {
    expect(countryName("DE", "en")).toBe("Germany");
    expect(countryName("de", "xx-YY")).toBe("Germany");
    expect(countryName("AC", "en")).toBe("Ascension Island");
    expect(countryName("QQ", "en")).toBe("QQ");
  });

  it("gives the everyday CLDR name, not the formal ISO one", () => {
    expect(countryName("CN", "en")).toBe("China");
    expect(countryName("TW", "en")).toBe("Taiwan");
    expect(countryName("US", "en")).toBe("United States");
    expect(countryName("GB", "en")).toBe("United Kingdom");
    expect(countryName("HK", "en")).toBe("Hong Kong");
    expect(countryName("MO", "en")).toBe("Macao");
    expect(countryName("PS", "en")).toBe("Palestine");
    expect(countryName("KR", "en")).toBe("South Korea");
    expect(countryName("VE", "en")).toBe("Venezuela");
    expect(countryName("IR", "en")).toBe("Iran");
    expect(countryName("TW", "zh")).toBe("台湾");
    expect(countryName("HK", "zh")).toBe("香港");
    expect(countryName("HK", "de")).toBe("Hongkong");
  });

  it("speaks every interface language, regional variants included", () => {
    for (const locale of LOCALES.filter((item) => item !== "en")) {
      expect([locale, countryName("DE", locale)]).not.toEqual([locale, "Germany"]);
    }
    expect(countryName("DE", "de")).toBe("Deutschland");
    expect(countryName("DE", "sv")).toBe("Tyskland");
    expect(countryName("JM", "pt-BR")).toBe("Jamaica");
    expect(countryName("GB", "zh")).toBe("英国");
    expect(countryName("IN", "hi")).toBe("भारत");
    expect(countryName("US", "ar")).toBe("الولايات المتحدة");
  });

  it("spells Russian names out: no о-в, о-ва, Св. or initialisms", () => {
    expect(countryName("AE", "ru")).toBe("Объединённые Арабские Эмираты");
    expect(countryName("VI", "ru")).toBe("Американские Виргинские острова");
    expect(countryName("CK", "ru")).toBe("Острова Кука");
    expect(countryName("IM", "ru")).toBe("Остров Мэн");
    expect(countryName("SH", "ru")).toBe("Остров Святой Елены");
    expect(countryName("KY", "ru")).toBe("Острова Кайман");
    expect(countryName("VG", "ru")).toBe("Британские Виргинские острова");
    expect(codes("ОАЭ", "ru")).toEqual(["AE"]); // the initialism still finds it
    for (const entry of COUNTRIES) {
      const name = countryName(entry.code, "ru");
      expect([entry.code, name, /о-в|о-ва|Св\.|^[а-я]|\p{Lu}{2,}/u.test(name)]).toEqual([entry.code, name, false]);
    }
  });

  it("names every region in every language, each name its own", () => {
    for (const locale of LOCALES) {
      const names = COUNTRIES.map((entry) => countryName(entry.code, locale));
      for (const [i, name] of names.entries()) expect([locale, COUNTRIES[i]?.code, name === COUNTRIES[i]?.code]).toEqual([locale, COUNTRIES[i]?.code, false]);
      expect([locale, new Set(names).size]).toEqual([locale, names.length]);
    }
  });
});

describe("searchCountries", () => {
  it("finds by dial code, with or without +", () => {
    expect(codes("1876")).toEqual(["JM"]);
    expect(codes("+1876")).toEqual(["JM"]);
    expect(codes("+44")[0]).toBe("GB");
    expect(codes("+44")).toEqual(expect.arrayContaining(["GB", "GG", "IM", "JE"]));
    expect(codes("+1").slice(0, 2)).toEqual(["US", "CA"]); // exact +1, main region first
    expect(codes("+7")[0]).toBe("RU");
  });

  it("finds by code and by the uk alias", () => {
    expect(codes("gb")[0]).toBe("GB");
    expect(codes("GB")[0]).toBe("GB");
    expect(codes("uk")[0]).toBe("GB");
    expect(codes("jm")[0]).toBe("JM");
  });

  it("finds by name, case- and accent-insensitively", () => {
    expect(codes("jam")).toEqual(["JM"]);
    expect(codes("JAMAICA")).toEqual(["JM"]);
    expect(codes("kingdom")).toContain("GB");
    expect(codes("reunion")).toContain("RE");
    expect(codes("cote d")).toContain("CI");
    expect(codes("Côte")).toContain("CI");
    expect(codes("usa")[0]).toBe("US"); // an English alias
  });

  it("matches localized names and still the English ones", () => {
    expect(codes("deutsch", "de")).toEqual(["DE"]);
    expect(codes("allemagne", "fr")).toEqual(["DE"]);
    expect(codes("герм", "ru")).toEqual(["DE"]);
    expect(codes("germany", "ru")).toEqual(["DE"]);
    expect(codes("ألمانيا", "ar")).toEqual(["DE"]);
    expect(codes("jamaica", "zh")).toEqual(["JM"]);
  });

  it("returns everything for an empty query and nothing for nonsense", () => {
    expect(codes("")).toHaveLength(COUNTRIES.length);
    expect(codes("   ")).toHaveLength(COUNTRIES.length);
    expect(codes("zzzzqq")).toEqual([]);
    expect(codes("+999")).toEqual([]);
  });

  it("folds accents and case", () => {
    expect(foldForSearch(" Réunion ")).toBe("reunion");
    expect(foldForSearch("ÅLAND")).toBe("aland");
  });
});

describe("slugs", () => {
  it("maps uk to GB and back", () => {
    expect(countrySlugToCode("uk")).toBe("GB");
    expect(countrySlugToCode("UK")).toBe("GB");
    expect(countrySlugToCode("gb")).toBe("GB");
    expect(countryCodeToSlug("GB")).toBe("uk");
    expect(countryCodeToSlug("jm")).toBe("jm");
    expect(countrySlugToCode("xx")).toBeNull();
    expect(countrySlugToCode("")).toBeNull();
  });

  it("resolves the footer's twelve popular slugs and round-trips every country", () => {
    const footer = ["us", "uk", "in", "pk", "ph", "ng", "mx", "ae", "bd", "de", "fr", "ca"];
    expect(footer.map(countrySlugToCode)).toEqual(["US", "GB", "IN", "PK", "PH", "NG", "MX", "AE", "BD", "DE", "FR", "CA"]);
    for (const entry of COUNTRIES) expect(countrySlugToCode(countryCodeToSlug(entry.code))).toBe(entry.code);
  });
});
