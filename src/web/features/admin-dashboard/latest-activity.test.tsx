import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AdminDashboard } from "../../../shared/api/admin-dashboard";
import { renderAt } from "../../test/render-with-app";
import { LatestActivity } from "./latest-activity";

const latestPayments: AdminDashboard["latestPayments"] = [
  { id: "pay_cancelled", email: "ada@example.com", amount: "20.0000", status: "cancelled", createdAt: "2026-03-02T12:00:00.000Z" },
  { id: "pay_failed", email: "bo@example.com", amount: "15.0000", status: "failed", createdAt: "2026-03-02T11:30:00.000Z" },
  { id: "pay_paid", email: "cy@example.com", amount: "10.0000", status: "succeeded", createdAt: "2026-03-02T11:00:00.000Z" },
];
const data = { latestCalls: [], latestPayments, openSupport: [] } as unknown as AdminDashboard;

describe("LatestActivity's payments", () => {
  it("says a cancelled checkout was cancelled, and shows nothing as paid for a cancelled or declined purchase", async () => {
    renderAt(<LatestActivity data={data} />, { path: "/en/dashboard", pattern: "/:lang/dashboard" });
    const section = await screen.findByRole("region", { name: "Latest payments" });
    const [cancelled, failed, paid] = within(section).getAllByRole("listitem");
    expect(cancelled!.textContent).toContain("Cancelled");
    expect(cancelled!.textContent).not.toContain("Failed");
    expect(failed!.textContent).toContain("Failed");
    for (const item of [cancelled!, failed!]) {
      expect(item.textContent).not.toContain("$");
      expect(within(item).getByText("—").getAttribute("aria-hidden")).toBe("true");
      expect(within(item).getByText("Nothing paid").className).toContain("sr-only");
    }
    expect(paid!.textContent).toContain("$10.00");
    expect(paid!.textContent).toContain("Paid");
  });
});
