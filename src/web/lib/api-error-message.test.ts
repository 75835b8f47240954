import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { apiErrorMessage, errorCodeMessage } from "./api-error-message";
import { i18n } from "./i18n/i18n";

const t = i18n.forLanguage("en").t;

describe("apiErrorMessage", () => {
  it("translates a code the app knows", () => {
    expect(apiErrorMessage(t, new ApiError(429, "rate_limited", "Slow down"))).toBe("Too many attempts. Please wait a moment and try again.");
  });

  it("keeps the server's words for a code it does not know, or the caller's fallback", () => {
    const unknown = new ApiError(400, "brand_new_refusal", "The server's own words");
    expect(apiErrorMessage(t, unknown)).toBe("The server's own words");
    expect(apiErrorMessage(t, unknown, { fallback: "Failed to validate phone number" })).toBe("Failed to validate phone number");
  });

  it("fills the figures a code's message names", () => {
    const tooLong = new ApiError(400, "NAME_TOO_LONG", "too long");
    expect(apiErrorMessage(t, tooLong, { values: { NAME_TOO_LONG: { max: 60 } } })).toBe("A name can be at most 60 characters.");
  });

  it("calls anything but an API refusal an error on our side", () => {
    for (const error of [new TypeError("Failed to fetch"), undefined, "boom"]) {
      expect(apiErrorMessage(t, error)).toBe("Something went wrong on our side. Please try again.");
    }
  });
});

describe("errorCodeMessage", () => {
  it("words a bare code as apiErrorMessage words an ApiError", () => {
    expect(errorCodeMessage(t, "NAME_TOO_LONG", { fallback: "too long", values: { NAME_TOO_LONG: { max: 60 } } })).toBe("A name can be at most 60 characters.");
    expect(errorCodeMessage(t, "brand_new_refusal", { fallback: "better-auth's words" })).toBe("better-auth's words");
  });
});
