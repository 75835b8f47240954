import { describe, expect, it } from "vitest";
import { displayNameFromEmail, fitDisplayName } from "./display-name";
import { displayNameField } from "./display-name-field";

describe("display names", () => {
  it("accepts up to 100 characters as kept, refuses more with the reason", () => {
    expect(displayNameField.parse(`  ${"n".repeat(100)}\u202E `)).toBe("n".repeat(100));
    const refused = displayNameField.safeParse("n".repeat(101));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(["A name can be at most 100 characters."]);
  });

  it("fits a name nobody typed: plain, then cut at 100", () => {
    expect(fitDisplayName(`\u2067${"g".repeat(120)}`)).toBe("g".repeat(100));
    expect(displayNameFromEmail("anna.berg@example.com")).toBe("anna.berg");
    expect(displayNameFromEmail(`${"a".repeat(150)}@example.com`)).toBe("a".repeat(100));
  });
});
