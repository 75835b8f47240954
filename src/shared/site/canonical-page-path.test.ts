import { describe, expect, it } from "vitest";
import { canonicalCountryPath, canonicalPagePath } from "./canonical-page-path";

describe("canonicalPagePath", () => {
  it("gives a country page the slug its links use, in any case", () => {
    expect(canonicalPagePath("/en/country/gb")).toBe("/en/country/uk");
    expect(canonicalPagePath("/sv/country/GB")).toBe("/sv/country/uk");
    expect(canonicalPagePath("/ar/country/JM/")).toBe("/ar/country/jm/");
  });

  it("puts the language right and the country's slug in one step", () => {
    expect(canonicalPagePath("/EN/country/gb")).toBe("/en/country/uk");
    expect(canonicalPagePath("/pt-BR/country/Us")).toBe("/pt/country/us");
    expect(canonicalPagePath("/Ar/faq")).toBe("/ar/faq");
  });

  it("leaves an address that is already the page's one, or names no country, as it is", () => {
    for (const pathname of ["/en/country/uk", "/en/country/jm", "/en/country/zz", "/en/country/uk/extra", "/en/countries", "/en", "/", "/login"]) {
      expect(canonicalPagePath(pathname), pathname).toBeNull();
    }
  });

  it("reads only country pages", () => {
    expect(canonicalCountryPath("/en/blog/gb")).toBeNull();
    expect(canonicalCountryPath("/en/country/gb")).toBe("/en/country/uk");
  });
});
