import { describe, expect, it } from "vitest";
import { inLanguage } from "./use-locale";

describe("inLanguage", () => {
  it("swaps the language of an address that has one", () => {
    expect(inLanguage("/en/faq", "sv")).toBe("/sv/faq");
    expect(inLanguage("/en", "ar")).toBe("/ar");
    expect(inLanguage("/de/country/gb", "fr")).toBe("/fr/country/gb");
  });

  it("puts the language in front of an address without one, so the 404 page at /login stays that page in the new language", () => {
    expect(inLanguage("/login", "sv")).toBe("/sv/login");
    expect(inLanguage("/pricing/plans", "ar")).toBe("/ar/pricing/plans");
    expect(inLanguage("/", "de")).toBe("/de");
  });
});
