import { describe, expect, it } from "vitest";
import { formatPhoneNumber } from "./phone-format";

describe("formatPhoneNumber", () => {
  it("groups a number as people write it", () => {
    expect(formatPhoneNumber("+447106123456")).toBe("+44 7106 123456");
    expect(formatPhoneNumber("+18762101234")).toBe("+1 876 210 1234");
  });

  it("leaves what it cannot read as it was stored", () => {
    expect(formatPhoneNumber("client:anonymous")).toBe("client:anonymous");
    expect(formatPhoneNumber("+")).toBe("+");
  });
});
