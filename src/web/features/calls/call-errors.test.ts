import { describe, expect, it } from "vitest";
import { CALL_REFUSALS } from "../../../shared/api/calls";
import { i18n } from "../../lib/i18n/i18n";
import { CALL_ERROR_KEYS, callErrorMessage, refusalMessage } from "./call-errors";

const t = i18n.forLanguage("en").t;

describe("the call error catalogue", () => {
  it.each([
    [486, "Line is busy"],
    [31486, "Line is busy"],
    [603, "Call declined"],
    [31603, "Call declined"],
    [480, "Unavailable"],
    [408, "No answer"],
    [31408, "No answer"],
    [404, "Number not found"],
    [503, "Service unavailable"],
    [31503, "Service unavailable"],
    [600, "User is busy everywhere"],
    [487, "Call terminated"],
    [500, "Server error"],
    [502, "Bad gateway"],
    [504, "Network timeout"],
    [31005, "Connection failed"],
    [31000, "Authorization failed (refresh the page)"],
    [31001, "Invalid parameters"],
    [31002, "Invalid phone number"],
    [31003, "Forbidden (contact support)"],
    [31004, "Call not found"],
    [31006, "Connection error"],
  ])("maps %i to '%s'", (code, message) => {
    expect(callErrorMessage(t, code)).toBe(message);
  });

  it("says 'Unable to connect (Error {code})' for any other code", () => {
    expect(callErrorMessage(t, 31208)).toBe("Unable to connect (Error 31208). Please try again.");
    expect(callErrorMessage(t, 1)).toBe("Unable to connect (Error 1). Please try again.");
  });

  it("has a translation for every mapped code in every language", () => {
    for (const language of ["sv", "ar", "zh", "fr", "de", "es", "hi", "ru", "pt"]) {
      const fixed = i18n.forLanguage(language).t;
      for (const key of new Set(Object.values(CALL_ERROR_KEYS))) expect(i18n.exists(key), key).toBe(true);
      expect(fixed("call_section.error.unknown", { code: "42" })).toContain("42");
    }
  });

  it("gives every refusal of the gate its own message, and a generic one to anything else", () => {
    const messages = CALL_REFUSALS.map((reason) => refusalMessage(t, reason));
    expect(new Set(messages).size).toBe(CALL_REFUSALS.length);
    expect(messages.every((message) => !message.startsWith("call_section."))).toBe(true);
    expect(refusalMessage(t, "something_new")).toBe("Call failed");
    expect(refusalMessage(t, null)).toBe("Call failed");
  });
});
