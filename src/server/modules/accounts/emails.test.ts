import { describe, expect, it } from "vitest";
import { acceptedLocale, emailLocale } from "./emails";

const link = (callbackURL: string) => `http://localhost:3000/api/auth/verify-email?token=t&callbackURL=${encodeURIComponent(callbackURL)}`;

describe("the language of an account email", () => {
  it("follows the page the link returns to", () => {
    expect(emailLocale(link("/sv/auth"), "de")).toBe("sv");
    expect(emailLocale(link("/ar/reset-password"), null)).toBe("ar");
    expect(emailLocale(link("/pt-BR/auth"), null)).toBe("pt");
    expect(emailLocale(`http://localhost:3000/api/auth/reset-password/abc?callbackURL=${encodeURIComponent("/zh/reset-password")}`, null)).toBe("zh");
  });

  it("falls back to the browser's languages, by preference, then English", () => {
    expect(emailLocale(link("/"), "ja, hi;q=0.9, en;q=0.8")).toBe("hi");
    expect(emailLocale(link("/xx/auth"), "es-MX")).toBe("es");
    expect(emailLocale("not a url", "ru")).toBe("ru");
    expect(emailLocale(link("/auth"), "ja")).toBe("en");
    expect(emailLocale(link("/auth"), undefined)).toBe("en");
  });

  it("reads Accept-Language by quality, ignoring refused languages", () => {
    expect(acceptedLocale("fr;q=0.3, de;q=0.7")).toBe("de");
    expect(acceptedLocale("sv;q=0, fr")).toBe("fr");
    expect(acceptedLocale("*")).toBeUndefined();
    expect(acceptedLocale("")).toBeUndefined();
  });
});
