import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Payment } from "../../../shared/api/payments";
import { renderAt } from "../../test/render-with-app";
import { json, stubApi, SUCCEEDED } from "./buy.fixtures";
import { PaymentsPage } from "./payments-page";

const { customerEmail: _email, providerReference: _reference, refunds: _refunds, ...paid } = SUCCEEDED;
const newest: Payment = { ...paid, id: "pay_failed", status: "failed", bonus: "0.0000", discountCode: null, failureReason: "Your card was declined.", createdAt: "2026-03-11T09:30:00.000Z", completedAt: null };
const refunded: Payment = { ...paid, id: "pay_refunded", status: "partially_refunded", amount: "25.0000", credit: "25.0000", bonus: "0.0000", discountCode: null, refunded: "5.0000", createdAt: "2026-03-01T08:00:00.000Z" };

const renderPage = (path = "/en/payments") => renderAt(<PaymentsPage />, { path, pattern: "/:lang/payments" });

function serve(payments: Payment[]) {
  return stubApi((url) => {
    if (url.pathname === "/api/payments") return json({ payments });
    if (url.pathname === `/api/payments/${SUCCEEDED.id}`)
      return json({ ...SUCCEEDED, refunds: [{ id: "rfd_1", amount: "2.0000", creditRemoved: "2.0000", reason: "Asked by the customer", status: "succeeded", createdAt: "2026-03-12T10:00:00.000Z", completedAt: "2026-03-12T10:00:05.000Z" }] });
    return undefined;
  });
}

describe("PaymentsPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists each payment's date, amount, credit, bonus, code, status and provider, newest first, with receipts for paid ones", async () => {
    serve([newest, paid, refunded]);
    renderPage();
    const table = await screen.findByRole("region", { name: "Your payments" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent))).toEqual([
      ["Mar 11, 2026, 9:30 AM", "—Nothing paid", "—Nothing credited", "—Nothing credited", "—", "Failed", "Test card (local checkout)", ""],
      ["Mar 10, 2026, 12:00 PM", "$10.00", "$10.00", "+$1.00", "WELCOME10", "Paid", "Test card (local checkout)", "Receipt"],
      ["Mar 1, 2026, 8:00 AM", "$25.00", "$25.00", "—", "—", "Partly refunded", "Test card (local checkout)", "Receipt"],
    ]);
    expect(within(rows[1]!).getByRole("link", { name: "Receipt for the payment of Mar 10, 2026, 12:00 PM" }).getAttribute("href")).toBe(`/en/payments?receipt=${SUCCEEDED.id}`);
    expect(document.title).toBe("Payments · Dialwise");
  });

  it("says a cancelled checkout was cancelled, not failed, and shows nothing as paid or credited for a cancelled or declined purchase", async () => {
    const cancelled: Payment = { ...newest, id: "pay_cancelled", status: "cancelled", amount: "20.0000", credit: "20.0000", bonus: "2.0000", discountCode: "WELCOME10", failureReason: "You cancelled the checkout.", createdAt: "2026-03-12T10:00:00.000Z" };
    serve([cancelled, newest, paid]);
    renderPage();
    const table = await screen.findByRole("region", { name: "Your payments" });
    const [cancelledRow, failedRow, paidRow] = within(table).getAllByRole("row").slice(1);
    const paidCell = (row: HTMLElement) => row.querySelectorAll("td")[1]!;
    const creditCells = (row: HTMLElement) => [row.querySelectorAll("td")[2]!, row.querySelectorAll("td")[3]!];
    const statusCell = (row: HTMLElement) => row.querySelectorAll("td")[5]!;
    expect(statusCell(cancelledRow!).textContent).toBe("Cancelled");
    expect(statusCell(failedRow!).textContent).toBe("Failed");
    for (const row of [cancelledRow!, failedRow!]) {
      // A dash to the eye, words to a screen reader: nothing was paid, and nothing (credit or bonus) was credited.
      expect(within(paidCell(row)).getByText("—").getAttribute("aria-hidden")).toBe("true");
      expect(within(paidCell(row)).getByText("Nothing paid").className).toContain("sr-only");
      for (const cell of creditCells(row)) {
        expect(within(cell).getByText("—").getAttribute("aria-hidden")).toBe("true");
        expect(within(cell).getByText("Nothing credited").className).toContain("sr-only");
      }
      expect(row.textContent).not.toContain("$");
    }
    expect(paidCell(paidRow!).textContent).toBe("$10.00");
    expect(creditCells(paidRow!).map((cell) => cell.textContent)).toEqual(["$10.00", "+$1.00"]);
  });

  it("shows a cancelled purchase's card on a phone as cancelled with nothing paid or credited", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    serve([{ ...newest, id: "pay_cancelled", status: "cancelled", amount: "20.0000", credit: "20.0000", bonus: "2.0000", failureReason: "You cancelled the checkout." }]);
    renderPage();
    const list = await screen.findByRole("list", { name: "Your payments" });
    const [card] = within(list).getAllByRole("listitem");
    expect(within(card!).getByText("Cancelled")).toBeTruthy();
    expect(within(card!).queryByText("Failed")).toBeNull();
    expect(within(card!).getByText("Nothing paid").className).toContain("sr-only");
    // Neither the credit nor the bonus it was for: nothing reached the balance.
    expect(within(card!).getAllByText("Nothing credited").map((text) => text.className)).toEqual(["sr-only", "sr-only"]);
    expect(card!.textContent).not.toContain("$");
    expect(within(card!).queryByRole("link", { name: /^Receipt/ })).toBeNull();
  });

  it("shows cards on a phone with the same facts", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    serve([paid]);
    renderPage();
    const list = await screen.findByRole("list", { name: "Your payments" });
    const [card] = within(list).getAllByRole("listitem");
    for (const text of ["$10.00", "+$1.00", "WELCOME10", "Paid", "Test card (local checkout)"]) expect(card?.textContent).toContain(text);
    expect(within(card!).getByRole("link", { name: /^Receipt for the payment of/ })).toBeTruthy();
  });

  it("points to buying credit when there are no payments yet", async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText("No payments yet")).toBeTruthy();
    const links = screen.getAllByRole("link", { name: "Buy credits" });
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["/en/phone", "/en/phone"]);
  });

  it("shows a receipt with everything it must say, and prints it", async () => {
    const print = vi.fn();
    vi.stubGlobal("print", print);
    serve([paid]);
    renderPage(`/en/payments?receipt=${SUCCEEDED.id}`);
    const receipt = await screen.findByRole("article", { name: "Payment receipt" });
    const facts = Object.fromEntries([...receipt.querySelectorAll("dt")].map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toEqual({
      "Receipt number": SUCCEEDED.id,
      Date: "Mar 10, 2026, 12:00 PM",
      "Customer email": "ada@example.com",
      "Payment method": "Test card (local checkout)Reference: ch_local_42",
      "Discount code": "WELCOME10",
      Credit: "$10.00",
      "Bonus credit": "+$1.00",
      "Amount paid": "$10.00",
    });
    expect(receipt.textContent).toContain("Dialwise");
    expect(receipt.textContent).toContain("Paid");
    expect(within(receipt).getByRole("heading", { name: "Refunds" }).nextElementSibling?.textContent).toBe("Mar 12, 2026, 10:00 AM · Asked by the customer$2.00 · refunded");
    fireEvent.click(screen.getByRole("button", { name: "Print or save as PDF" }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("link", { name: "All payments" })).toBeTruthy();
  });
});
