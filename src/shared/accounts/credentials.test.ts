import { describe, expect, it } from "vitest";
import { isAdminDomainEmail, isPlausibleEmail, passwordStrength } from "./credentials";

describe("credentials rules", () => {
  it("accepts an email with @ and a dot, refuses others", () => {
    expect(isPlausibleEmail("ana@example.com")).toBe(true);
    expect(isPlausibleEmail("ana@example")).toBe(false);
    expect(isPlausibleEmail("ana.example.com")).toBe(false);
    expect(isPlausibleEmail("a na@example.com")).toBe(false);
  });

  it("scores five checks into weak, medium and strong", () => {
    expect(passwordStrength("")).toEqual({ score: 0, level: "weak", percent: 0 });
    expect(passwordStrength("abc")).toMatchObject({ score: 1, level: "weak" });
    expect(passwordStrength("abcABC")).toMatchObject({ score: 2, level: "medium", percent: 40 });
    expect(passwordStrength("abcdefgH1")).toMatchObject({ score: 4, level: "strong" });
    expect(passwordStrength("abcdefgH1!")).toMatchObject({ score: 5, level: "strong", percent: 100 });
  });

  it("recognises the company domain exactly", () => {
    expect(isAdminDomainEmail("Boss@Dialwise.example", "dialwise.example")).toBe(true);
    expect(isAdminDomainEmail("boss@evil-dialwise.example", "dialwise.example")).toBe(false);
    expect(isAdminDomainEmail("boss@dialwise.example.com", "dialwise.example")).toBe(false);
  });
});
