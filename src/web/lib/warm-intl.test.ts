import { describe, expect, it } from "vitest";
import { warmIntl } from "./warm-intl";

describe("warmIntl", () => {
  it("builds the page's kinds of formatter for a language", () => {
    expect(() => warmIntl("ar")).not.toThrow();
  });

  it("leaves a page whose language tag the browser refuses to start as it would anyway", () => {
    // An empty or malformed tag makes Intl throw a RangeError; the entry must not stop there.
    expect(() => new Intl.NumberFormat("-")).toThrow(RangeError);
    expect(() => warmIntl("-")).not.toThrow();
  });
});
