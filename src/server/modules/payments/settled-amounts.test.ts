import { describe, expect, it } from "vitest";
import { settledAmounts } from "./settled-amounts";

describe("settledAmounts", () => {
  const asked = { amountUsd: "20.00", creditUsd: "20.00", bonusUsd: "2.5" };

  it("is zero paid, credited and bonus for a checkout that was declined, expired or cancelled", () => {
    for (const status of ["failed", "cancelled"] as const) {
      expect(settledAmounts({ ...asked, status })).toEqual({ paid: "0.0000", credit: "0.0000", bonus: "0.0000" });
    }
  });

  it("is the row's amounts, exact to four places, for one that is waiting, paid or refunded", () => {
    for (const status of ["pending", "succeeded", "partially_refunded", "refunded"] as const) {
      expect(settledAmounts({ ...asked, status })).toEqual({ paid: "20.0000", credit: "20.0000", bonus: "2.5000" });
    }
  });
});
