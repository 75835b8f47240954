import { describe, expect, it } from "vitest";
import { cvcDigits, expiryValid, formatExpiry } from "./card-details";

/** What the field shows after each key, as a person types `keys` into it (each change formatted). */
const typed = (keys: string) => [...keys].reduce<string[]>((shown, key) => [...shown, formatExpiry(`${shown.at(-1) ?? ""}${key}`)], []);

describe("the card form's formats", () => {
  it("reads an expiry in the forms a card or a password manager writes it", () => {
    for (const text of ["12 / 34", "12/34", "1234", "12 / 2034", " 12/34 ", "12-34", "12.34", "122034", "12/2034"]) expect(formatExpiry(text), text).toBe("12/34");
    expect(formatExpiry("1/34")).toBe("01/34");
    expect(formatExpiry("4 / 2029")).toBe("04/29");
    expect(expiryValid(formatExpiry("12 / 2034"), new Date(2026, 0, 1))).toBe("ok");
  });

  it("writes the expiry as it is typed, the year in two digits or four", () => {
    expect(typed("1234")).toEqual(["1", "12", "12/3", "12/34"]);
    expect(typed("12/34")).toEqual(["1", "12", "12", "12/3", "12/34"]);
    expect(typed("122034")).toEqual(["1", "12", "12/2", "12/20", "12/203", "12/34"]);
    expect(typed("123456")).toEqual(["1", "12", "12/3", "12/34", "12/34", "12/34"]);
    // Deleting the year's digits one by one takes the slash away with the last.
    expect(formatExpiry("12/")).toBe("12");
  });

  it("keeps the security code's digits only, at most four", () => {
    expect(cvcDigits(" 123 ")).toBe("123");
    expect(cvcDigits("12345")).toBe("1234");
    expect(cvcDigits("1 2 3")).toBe("123");
  });
});
