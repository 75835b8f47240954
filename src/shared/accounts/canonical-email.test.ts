import { describe, expect, it } from "vitest";
import { canonicalEmail } from "./canonical-email";

describe("the canonical form of an email address", () => {
  it("trims and lower-cases", () => {
    expect(canonicalEmail("  Anna.Berg@Example.COM\t")).toBe("anna.berg@example.com");
  });

  it("turns compatibility characters into the plain letters they stand for", () => {
    // Fullwidth letters and an ideographic space, as an input method may type them.
    expect(canonicalEmail("\uFF21\uFF4E\uFF4E\uFF41@example.com\u3000")).toBe("anna@example.com");
    // The Kelvin sign is a K; the "fi" ligature is two letters.
    expect(canonicalEmail("\u212Aate@example.com")).toBe("kate@example.com");
    expect(canonicalEmail("\uFB01ona@example.com")).toBe("fiona@example.com");
  });

  it("leaves an address already in canonical form as it is, and is idempotent", () => {
    for (const email of ["user@example.com", "o'brien+tag@sub.example.org", "josé@example.com"]) {
      expect(canonicalEmail(email)).toBe(email.normalize("NFKC"));
      expect(canonicalEmail(canonicalEmail(email))).toBe(canonicalEmail(email));
    }
  });
});
