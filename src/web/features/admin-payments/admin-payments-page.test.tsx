import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminPayment } from "../../../shared/api/admin-payments";
import { renderAt } from "../../test/render-with-app";
import { AdminPaymentsPage } from "./admin-payments-page";

const paid: AdminPayment = {
  id: "pay_1",
  customer: { id: "u1", email: "anna@example.com" },
  provider: "local",
  status: "succeeded",
  paid: "10.0000",
  credit: "10.0000",
  bonus: "1.0000",
  refunded: "0.0000",
  refundable: "10.0000",
  discountCode: "WELCOME10",
  failureReason: null,
  createdAt: "2026-03-10T12:00:00.000Z",
  completedAt: "2026-03-10T12:01:00.000Z",
  refunds: [],
  disputes: [],
};
// As the server sends a declined checkout: nothing paid, credited or added as bonus (settled-amounts.ts).
const failed: AdminPayment = { ...paid, id: "pay_2", status: "failed", paid: "0.0000", credit: "0.0000", refundable: "0.0000", bonus: "0.0000", discountCode: null, customer: { id: "u2", email: "bo@example.com" } };

const listing = (payments: AdminPayment[]) => ({
  payments,
  page: 1,
  pageCount: 1,
  totals: { count: payments.length, paid: "10.0000", refunded: "0.0000", net: "10.0000" },
  periods: [{ start: "2026-03-10", count: payments.length, paid: "10.0000", refunded: "0.0000", net: "10.0000" }],
});

const json = (body: unknown, status = 200) => Response.json(body, { status });
const strip = (text: string | null | undefined) => (text ?? "").replace(/[\u2066-\u2069]/g, "");

function stubApi(refundAnswer: () => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/admin/payments") return json(listing([paid, failed]));
    if (url.pathname === "/api/admin/payments/pay_1/refunds" && init?.method === "POST") return refundAnswer();
    return json({ error: { code: "not_found", message: "Not found" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const refundBodies = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([input, init]) => String(input).includes("/refunds") && init?.method === "POST").map(([, init]) => JSON.parse(String(init?.body)) as unknown);

const renderPage = () => renderAt(<AdminPaymentsPage />, { path: "/en/admin-payments", pattern: "/:lang/admin-payments" });

describe("AdminPaymentsPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists payments with totals, offers Refund only where money is left, and refuses a refund without a reason", async () => {
    const fetchMock = stubApi(() => json({}));
    renderPage();
    expect(await screen.findByText("anna@example.com")).toBeTruthy();
    expect(screen.getByText("WELCOME10")).toBeTruthy();
    // A declined checkout brought nothing in, whatever it asked for.
    const table = screen.getByText("anna@example.com").closest("table")!;
    const cellsOf = (name: string) => {
      const column = within(table).getAllByRole("columnheader").findIndex((header) => header.textContent === name);
      return within(table).getAllByRole("row").slice(1).map((row) => strip(row.children[column]?.textContent));
    };
    expect(cellsOf("Paid")).toEqual(["$10.00", "—Nothing paid"]);
    expect(cellsOf("Credit")).toEqual(["$10.00+ $1.00 bonus", "—Nothing credited"]);
    expect(screen.getAllByRole("button", { name: /^Refund the payment of/ }).map((button) => button.getAttribute("aria-label"))).toEqual(["Refund the payment of anna@example.com"]);

    fireEvent.click(screen.getByRole("button", { name: "Refund the payment of anna@example.com" }));
    const dialog = await screen.findByRole("dialog");
    expect((within(dialog).getByLabelText("Amount to refund (USD)") as HTMLInputElement).value).toBe("10.00");
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund" }));
    expect(await within(dialog).findByText("Give a reason for the refund.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Amount to refund (USD)"), { target: { value: "10.01" } });
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Asked" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund" }));
    await waitFor(() => expect(strip(within(dialog).getByRole("alert").textContent)).toBe("At most $10.00 can still be refunded."));
    expect(refundBodies(fetchMock)).toEqual([]);
  });

  it("gives focus back to the Refund button when the dialog closes with Escape or Cancel", async () => {
    stubApi(() => json({}));
    renderPage();
    const user = userEvent.setup();
    const refund = await screen.findByRole("button", { name: "Refund the payment of anna@example.com" });
    for (const close of [() => user.keyboard("{Escape}"), () => user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Cancel" }))]) {
      refund.focus();
      await user.keyboard("{Enter}");
      await screen.findByRole("dialog");
      await close();
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(refund));
    }
  });

  it("sends the amount in dollars with the reason and says what was taken and what the customer had already spent", async () => {
    const fetchMock = stubApi(() =>
      json({
        refund: {
          id: "rfd_1",
          paymentId: "pay_1",
          amount: "4.0000",
          creditRemoved: "1.5000",
          reason: "Asked",
          status: "succeeded",
          providerRefundId: "re_local_1",
          failureReason: null,
          createdBy: { id: "a1", email: "admin@example.com" },
          createdAt: "2026-03-11T10:00:00.000Z",
          completedAt: "2026-03-11T10:00:00.000Z",
        },
        creditRemoved: "1.5000",
        creditShortfall: "2.9000",
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Refund the payment of anna@example.com" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Amount to refund (USD)"), { target: { value: "4" } });
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "  Asked  " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund" }));
    const status = await within(dialog).findByRole("status");
    expect(strip(status.textContent)).toBe("$4.00 was refunded to the card.Took $1.50 of credit: that was all the customer had left. The other $2.90 had already been spent.");
    expect(refundBodies(fetchMock)).toEqual([{ amount: "4.00", reason: "Asked" }]);
  });

  it("shows the provider's refusal in the dialog", async () => {
    stubApi(() => json({ error: { code: "refund_declined", message: "The payment service declined the refund" } }, 502));
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Refund the payment of anna@example.com" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Asked" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund" }));
    await waitFor(() => expect(within(dialog).getByRole("alert").textContent).toBe("The payment service declined the refund. Nothing was refunded and no credit was taken."));
  });

  it("keeps the filter and the totals' period in the address, asks the server the same, and keeps the period when the filters are cleared", async () => {
    const fetchMock = stubApi(() => json({}));
    const { router } = renderAt(<AdminPaymentsPage />, { path: "/en/admin-payments?status=failed&period=week&page=2&status2=x", pattern: "/:lang/admin-payments" });
    expect(await screen.findByText("anna@example.com")).toBeTruthy();
    const asked = () => fetchMock.mock.calls.map(([input]) => new URL(String(input), "http://localhost")).filter((url) => url.pathname === "/api/admin/payments");
    expect(asked().at(-1)?.searchParams.toString()).toBe("status=failed&period=week&page=2");
    expect((screen.getByLabelText("Status") as HTMLSelectElement).value).toBe("failed");

    fireEvent.change(screen.getByLabelText("Customer"), { target: { value: "anna" } });
    await waitFor(() => expect(router.state.location.search).toBe("?customer=anna&status=failed&period=week"));
    await waitFor(() => expect(asked().at(-1)?.searchParams.toString()).toBe("customer=anna&status=failed&period=week&page=1"));
    // The CSV is the same filter, every page; the totals' period is not part of it.
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe("/api/admin/payments/export.csv?customer=anna&status=failed&lang=en");
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(router.state.location.search).toBe("?period=week"));
    expect((screen.getByLabelText("Customer") as HTMLInputElement).value).toBe("");
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe("/api/admin/payments/export.csv?lang=en");
  });
});
