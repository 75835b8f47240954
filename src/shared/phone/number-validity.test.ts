import fc from "fast-check";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import { COUNTRIES } from "../countries/countries";
import { exampleNumberDigits } from "../countries/country-table-source";

// checkDialable reads a number's type first and calls isValid() only when there is
// none; that is sound only if "has a type" implies "is valid". Pinned here.
describe("libphonenumber: a typed number is a valid number", () => {
  const agrees = (digits: string) => {
    const phone = parsePhoneNumberFromString(`+${digits}`);
    if (phone === undefined) return;
    const shortcut = phone.getType() !== undefined || phone.isValid();
    expect([digits, shortcut]).toEqual([digits, phone.isValid()]);
  };

  it("for every region's example number and its neighbours", () => {
    for (const country of COUNTRIES) {
      const example = exampleNumberDigits(country.code);
      if (example === null) continue;
      for (const digits of [example, example.slice(0, -1), `${example}0`, `${example.slice(0, -2)}99`]) agrees(digits);
    }
  });

  it("for arbitrary digit strings", () => {
    fc.assert(fc.property(fc.stringMatching(/^[1-9]\d{3,14}$/), (digits) => agrees(digits)), { numRuns: 2000 });
  });
});
