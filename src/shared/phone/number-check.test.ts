import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseMoney } from "../money";
import { lineKind, parseDeck } from "../rates/deck";
import { buildPrefixIndex } from "../rates/prefix-index";
import { customerRate } from "../rates/pricing";
import { isEmergencyNumber } from "./emergency";
import { composeDialInput } from "./dial-digits";
import { checkDialable, type DialCheck } from "./number-check";

const { rows } = parseDeck(readFileSync(new URL("../../../data/provider-voice-rates.csv", import.meta.url), "utf8"));
const index = buildPrefixIndex(rows);
const check = (input: string): DialCheck => checkDialable(input, index);
const reason = (input: string): string => {
  const result = check(input);
  return result.ok ? "ok" : result.reason;
};

describe("composeDialInput", () => {
  it("composes a number checkDialable accepts", () => {
    expect(check(composeDialInput("+1876", "5551234"))).toMatchObject({ ok: true, countryCode: "JM" });
  });
});

describe("checkDialable", () => {
  it("prices a UK mobile by its mobile prefix", () => {
    const result = check("+44 7106 123456");
    expect(result).toEqual({
      ok: true,
      e164: "+447106123456",
      digits: "447106123456",
      countryCode: "GB",
      rateCountryCode: "GB",
      lineType: "Mobile",
      lineKind: "mobile",
      numberType: "MOBILE",
      carrierRate: 3050,
      rate: parseMoney("0.0580"),
      marginBp: 9000,
      prefix: "447106",
    });
    expect(check("0044 7106 123456")).toEqual(result);
    expect(check("+44 (0) 7106 123456")).toEqual(result); // the trunk 0 is dropped
  });

  it("finds the NANP territory and its own rate: +1876 is Jamaica, not the US", () => {
    const jm = check("+1 876 555 1234");
    expect(jm).toMatchObject({ ok: true, countryCode: "JM", rateCountryCode: "JM", prefix: "1876", rate: customerRate(43050) });
    const us = check("+1 202 456 1111");
    expect(us).toMatchObject({ ok: true, countryCode: "US", prefix: "1", rate: parseMoney("0.0266") });
    expect(check("+1 242 359 1234")).toMatchObject({ ok: true, countryCode: "BS" });
    expect(check("+1 787 234 5678")).toMatchObject({ ok: true, countryCode: "PR", rateCountryCode: "PR" });
  });

  it("never prices a region's number on a neighbour's cheaper row when the deck misses one of its prefixes", () => {
    // Jamaica's rows list 1876 but not its newer 1658 area code, whose longest deck prefix is the US "1" at $0.014.
    const overlay = check("+1 658 295 1234");
    expect(overlay).toMatchObject({ ok: true, countryCode: "JM", rateCountryCode: "JM", rate: customerRate(43050) });
    // Vatican numbers sit inside Italy's +39 06; Vatican City's own row is dearer than Italy's "39".
    expect(check("+39 06 6982 1234")).toMatchObject({ ok: true, countryCode: "VA", rate: customerRate(2100) });
    // Canada has no Standard row of its own (only Yukon): its numbers keep the shared US row.
    expect(check("+1 506 234 5678")).toMatchObject({ ok: true, countryCode: "CA", rate: customerRate(1400) });
  });

  it("says which region a number is in even when another code's row prices it", () => {
    expect(check("+1 506 234 5678")).toMatchObject({ ok: true, countryCode: "CA", rateCountryCode: "US", prefix: "1" });
    expect(check("+44 7781 123456")).toMatchObject({ ok: true, countryCode: "GG", rateCountryCode: "GB" });
  });

  it("prices satellite numbers from the ZZ row", () => {
    expect(check("+870 772 123456")).toMatchObject({
      ok: true,
      countryCode: "ZZ",
      lineKind: "satellite",
      prefix: "87077",
      rate: parseMoney("19.0095"),
    });
  });

  it("applies the configured margin", () => {
    expect(checkDialable("+1 202 456 1111", index, { marginBp: 0 })).toMatchObject({ ok: true, rate: 140, marginBp: 0 });
    expect(() => checkDialable("+1 202 456 1111", index, { marginBp: -1 })).toThrow(RangeError);
  });

  it("refuses emergency and short service numbers, with or without country code", () => {
    for (const input of ["911", "112", "999", "000", "+1 911", "+44 999", "0044 999", "00 112", "+33 15", "+61 000", "+880 999", "1-1-2", "+49 116117"]) {
      expect([input, reason(input)]).toEqual([input, "emergency_blocked"]);
    }
  });

  it("refuses premium numbers, whether the deck or the numbering plan says so", () => {
    expect(reason("+44 909 876 5432")).toBe("premium_blocked"); // GB 449: both
    // Germany's 0900 has no premium row in the deck: it would be priced as a landline.
    expect(index.lookup("4990012345678")?.row).toMatchObject({ iso: "DE", lineType: "Standard" });
    expect(reason("+49 900 1234567")).toBe("premium_blocked");
    // Austria's 0810 is "shared cost" to libphonenumber but a Premium Numbers row for the carrier.
    expect(lineKind(index.lookup("43810234567")?.row.lineType ?? "")).toBe("premium");
    expect(reason("+43 810 234567")).toBe("premium_blocked");
  });

  it("refuses personal numbers, whether the deck or the numbering plan says so", () => {
    expect(reason("+44 70 2345 6789")).toBe("personal_blocked"); // GB 070 personal numbers
    expect(reason("+46 75 234 5678")).toBe("personal_blocked"); // SE 075
    // 07417 9… is a mobile to libphonenumber; the carrier prices it as Personal.
    expect(reason("+44 7417 923456")).toBe("personal_blocked");
    // Belgium's 070 sits on the carrier's "Service & Personal" row.
    expect(reason("+32 70 23 45 67")).not.toBe("ok");
  });

  it("follows the spec's rule for short numbers ending in a service code", () => {
    // 6 digits ending in 1xx: blocked as a short code, as the spec's rule says.
    expect(reason("+44 7106")).toBe("emergency_blocked");
    // Not a dial string at all: invalid, not "emergency".
    expect(reason("*100#")).toBe("invalid_number");
    expect(reason("call 911")).toBe("invalid_number");
  });

  it("refuses invalid numbers", () => {
    for (const input of ["", "abc", "+", "+44", "+44 71061", "+1 555", "+1 876 658 1234", "07106 123456", "*100#", "+999 1234567", "+44 7106 1234567890"]) {
      expect([input, reason(input)]).toEqual([input, "invalid_number"]);
    }
  });

  it("accepts the shortest real numbers the metadata knows, such as a German pager", () => {
    const pager = checkDialable("+49 1690", index);
    expect(pager.ok && pager.numberType).toBe("PAGER");
    expect(pager.ok && pager.digits).toBe("491690");
  });

  it("reports no_rate for valid numbers no deck row prices", () => {
    expect(reason("+53 5 1234567")).toBe("no_rate"); // Cuba
    expect(reason("+98 912 345 6789")).toBe("no_rate"); // Iran
  });

  it("never throws and only ever accepts sound numbers", () => {
    const inputs = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.stringMatching(/^\+?\d{0,18}$/),
      fc.tuple(fc.constantFrom("+", "00", ""), fc.constantFrom(...rows.flatMap((row) => row.prefixes)), fc.stringMatching(/^\d{0,10}$/)).map(
        ([lead, prefix, rest]) => lead + prefix + rest,
      ),
    );
    let accepted = 0;
    fc.assert(
      fc.property(inputs, (input) => {
        const result = checkDialable(input, index);
        if (!result.ok) return;
        accepted += 1;
        expect(result.e164).toBe(`+${result.digits}`);
        // Six digits at the least: German pager numbers are that short (+49 1690, PAGER in the metadata).
        expect(result.digits).toMatch(/^[1-9]\d{5,14}$/);
        expect(result.digits.startsWith(result.prefix)).toBe(true);
        expect(index.lookup(result.digits)?.prefix).toBe(result.prefix);
        expect(result.rate).toBe(customerRate(result.carrierRate, 9000));
        expect(result.rate).toBeGreaterThan(0);
        expect(["premium", "personal"]).not.toContain(result.lineKind);
        expect(isEmergencyNumber(result.digits)).toBe(false);
      }),
      { numRuns: 5000 },
    );
    // The generator is meant to reach real numbers too, not only refusals. Runs accept about 130 of the
    // 5000 (128–149 in eight runs), and one run with a fresh random seed accepted 85: a floor well below that
    // still fails when the generator stops reaching numbers, without failing on an unlucky seed.
    expect(accepted).toBeGreaterThan(40);
  });
});
