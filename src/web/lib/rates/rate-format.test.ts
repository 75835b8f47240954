import { describe, expect, it } from "vitest";
import { formatRate, sameOnScreen } from "./rate-format";

describe("formatRate", () => {
  it("shows 2 decimals on screen and 4 where exact", () => {
    expect(formatRate(770, "en")).toBe("$0.08");
    expect(formatRate(770, "en", 4)).toBe("$0.0770");
    expect(formatRate(12_345, "de", 4)).toBe("1,2345\u00a0$");
  });

  it("keeps US$ together in right-to-left text", () => {
    const arabic = formatRate(770, "ar");
    expect(arabic).toContain("US$\u200e");
    expect(arabic.replace(/[\u200e\u200f]/g, "")).toBe("0.08\u00a0US$");
  });

  it("collapses a range that looks like one price", () => {
    expect(sameOnScreen(700, 749)).toBe(true);
    expect(sameOnScreen(749, 750)).toBe(false);
  });
});
