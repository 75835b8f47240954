import { describe, expect, it } from "vitest";
import { canonicalLanguagePath } from "./language-prefix";

describe("canonicalLanguagePath", () => {
  it("writes a language typed in capitals or with a region in lower case, keeping the rest of the address", () => {
    expect(canonicalLanguagePath("/EN")).toBe("/en");
    expect(canonicalLanguagePath("/Ar/faq")).toBe("/ar/faq");
    expect(canonicalLanguagePath("/eN/country/gb/")).toBe("/en/country/gb/");
    expect(canonicalLanguagePath("/SV-fi/countries")).toBe("/sv/countries");
    expect(canonicalLanguagePath("/pt-BR/countries")).toBe("/pt/countries");
    expect(canonicalLanguagePath("/ZH_cn")).toBe("/zh");
  });

  it("leaves addresses already canonical, or with no language of ours in front, alone", () => {
    for (const path of ["/", "/en", "/ar/faq", "/login", "/pricing", "/XX/faq", "/xx", "/Eng", "/auth", "/wp-login.php", "//EN"]) {
      expect(canonicalLanguagePath(path), path).toBeNull();
    }
  });
});
