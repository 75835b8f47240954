import { describe, expect, it } from "vitest";
import { callAgainState } from "./call-again";

describe("callAgainState", () => {
  it("hands over the digits after the country's dial code", () => {
    expect(callAgainState({ direction: "outbound", toNumber: "+18762101234", countryCode: "JM" })).toEqual({ selectedCode: "JM", phoneNumber: "2101234", scrollToCall: true });
    expect(callAgainState({ direction: "outbound", toNumber: "+447106123456", countryCode: "GB" })).toEqual({ selectedCode: "GB", phoneNumber: "7106123456", scrollToCall: true });
  });

  it("hands over the whole number when it does not start with the country's dial code", () => {
    expect(callAgainState({ direction: "outbound", toNumber: "+12025550123", countryCode: "JM" })).toEqual({ selectedCode: "JM", phoneNumber: "+12025550123", scrollToCall: true });
  });

  it("calls back whoever rang on an incoming call, and offers nothing without a number", () => {
    expect(callAgainState({ direction: "inbound", toNumber: "client:u1", fromNumber: "+46701234567", countryCode: "SE" })).toEqual({ selectedCode: "SE", phoneNumber: "701234567", scrollToCall: true });
    expect(callAgainState({ direction: "inbound", toNumber: "client:u1", fromNumber: null, countryCode: "" })).toBeNull();
    expect(callAgainState({ direction: "outbound", toNumber: "=1+2", countryCode: "" })).toBeNull();
  });
});
