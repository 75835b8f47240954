import { getExampleNumber, isSupportedCountry } from "libphonenumber-js/max";
import mobileExamples from "libphonenumber-js/examples.mobile.json";
import { describe, expect, it } from "vitest";
import { COUNTRIES } from "../../../shared/countries/countries";
import { dialingExample } from "./dialing-example";

describe("dialingExample", () => {
  it("splits the example the way the dialler takes it", () => {
    expect(dialingExample("JM", "+1876")).toEqual({ international: "+1 876 210 1234", national: "(876) 210-1234", afterDialCode: "2101234" });
    expect(dialingExample("GB", "+44")).toEqual({ international: "+44 7400 123456", national: "07400 123456", afterDialCode: "7400123456" });
  });

  it("has none for an unknown code or a dial code the example does not start with", () => {
    expect(dialingExample("QQ", "+1")).toBeNull();
    expect(dialingExample("constructor", "+1")).toBeNull();
    expect(dialingExample("JM", "+1658")).toBeNull();
  });

  it("gives every country what the phone library itself gives", () => {
    for (const { code, dialCode } of COUNTRIES) {
      const example = isSupportedCountry(code) ? getExampleNumber(code, mobileExamples) : undefined;
      const digits = example?.number.slice(1);
      const dialDigits = dialCode.slice(1);
      const expected = example && digits?.startsWith(dialDigits) ? { international: example.formatInternational(), national: example.formatNational(), afterDialCode: digits.slice(dialDigits.length) } : null;
      expect([code, dialingExample(code, dialCode)]).toEqual([code, expected]);
    }
  });
});
