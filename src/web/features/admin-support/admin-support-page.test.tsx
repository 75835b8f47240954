import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminSupportAccount, AdminSupportRow } from "../../../shared/api/admin-support";
import type { SupportMessage } from "../../../shared/api/support";
import { renderAt } from "../../test/render-with-app";
import { AdminSupportPage } from "./admin-support-page";

const json = (body: unknown, status = 200) => Response.json(body, { status });

const customerRow: AdminSupportRow = {
  id: "sup_c",
  kind: "customer",
  reference: "DW-CUST2345",
  status: "open",
  email: "ada@example.com",
  name: "Ada",
  subject: null,
  preview: "My call dropped",
  lastMessageAt: "2026-03-02T10:00:00.000Z",
  unread: 1,
};
const visitorRow: AdminSupportRow = { ...customerRow, id: "sup_v", kind: "visitor", reference: "DW-VISI2345", email: "bo@example.org", name: null, subject: "Billing question", preview: "How are calls billed?", unread: 0 };
const account: AdminSupportAccount = {
  userId: "u1",
  balance: "12.5000",
  memberSince: "2026-01-15T09:00:00.000Z",
  recentCalls: [{ callSid: "CA1", toNumber: "+441234567890", countryCode: "GB", status: "completed", startedAt: "2026-03-01T09:00:00.000Z", durationSeconds: 95, costUsd: "0.0600" }],
  recentPayments: [{ id: "pay_1", amountUsd: "10.0000", creditUsd: "10.0000", status: "succeeded", createdAt: "2026-02-01T09:00:00.000Z" }],
};
const thread: SupportMessage[] = [{ id: 7, author: "customer", body: "My call dropped", createdAt: "2026-03-02T10:00:00.000Z", readAt: null }];

function serve() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/admin/support/conversations") {
      const rows = url.searchParams.get("q") === "billing" ? [visitorRow] : [customerRow, visitorRow];
      return json({ conversations: rows, page: 1, pageSize: 50, total: rows.length, unreadTotal: 1 });
    }
    if (url.pathname === "/api/admin/support/conversations/sup_c") return json({ conversation: customerRow, messages: thread, account });
    if (url.pathname === "/api/admin/support/conversations/sup_v") return json({ conversation: visitorRow, messages: [], account: null });
    if (url.pathname === "/api/admin/support/conversations/sup_c/read") return json({ unreadTotal: 0 });
    if (url.pathname.endsWith("/messages") && init?.method === "POST") return json({ message: { id: 8, author: "admin", body: "Refunded", createdAt: "2026-03-02T10:05:00.000Z", readAt: null } }, 201);
    if (url.pathname.endsWith("/status")) return json({ conversation: { ...customerRow, status: "closed" } });
    return json({ error: { code: "not_found", message: "Not found" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}
const requests = (fetchMock: ReturnType<typeof serve>, path: string) =>
  fetchMock.mock.calls.filter(([input]) => new URL(String(input), "http://localhost").pathname === path).map(([input, init]) => ({ url: new URL(String(input), "http://localhost"), init }));

describe("the admin support inbox", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists conversations and tickets, filters and searches them", async () => {
    const fetchMock = serve();
    renderAt(<AdminSupportPage />, { path: "/en/admin-support", pattern: "/:lang/admin-support" });
    const inbox = await screen.findByRole("list", { name: "Conversations" });
    const rows = within(inbox).getAllByRole("button");
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining("Ada"), expect.stringContaining("Billing question")]);
    expect(rows[0]?.textContent).toContain("Unread: 1");
    expect(rows[1]?.textContent).toContain("Visitor");
    expect(screen.getByText(/Unread messages: 1\./)).toBeTruthy();
    // Open conversations first, as an inbox is worked.
    expect(requests(fetchMock, "/api/admin/support/conversations")[0]?.url.searchParams.get("status")).toBe("open");

    fireEvent.change(screen.getByLabelText("Search conversations"), { target: { value: "billing" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(within(screen.getByRole("list", { name: "Conversations" })).getAllByRole("button")).toHaveLength(1));
    fireEvent.click(screen.getByRole("switch"));
    await waitFor(() => expect(requests(fetchMock, "/api/admin/support/conversations").at(-1)?.url.searchParams.get("unread")).toBe("true"));
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "closed" } });
    await waitFor(() => expect(requests(fetchMock, "/api/admin/support/conversations").at(-1)?.url.searchParams.get("status")).toBe("closed"));
  });

  it("opens a customer's thread with their account beside it, marks it read, replies and closes it", async () => {
    const fetchMock = serve();
    renderAt(<AdminSupportPage />, { path: "/en/admin-support?c=sup_c", pattern: "/:lang/admin-support" });
    const log = await screen.findByRole("log", { name: "Messages" });
    expect(log.textContent).toContain("My call dropped");
    expect(screen.getByTestId("support-account-balance").textContent).toBe("$12.50");
    const side = screen.getByRole("complementary", { name: "Account" });
    expect(side.textContent).toContain("+441234567890");
    expect(side.textContent).toContain("Completed");
    expect(side.textContent).toContain("Paid");
    await waitFor(() => expect(requests(fetchMock, "/api/admin/support/conversations/sup_c/read").map(({ init }) => JSON.parse(String(init?.body)))).toEqual([{ throughMessageId: 7 }]));

    fireEvent.change(screen.getByLabelText("Your reply"), { target: { value: "Refunded" } });
    fireEvent.click(screen.getByRole("button", { name: "Send reply" }));
    await waitFor(() => expect(requests(fetchMock, "/api/admin/support/conversations/sup_c/messages").map(({ init }) => JSON.parse(String(init?.body)))).toEqual([{ body: "Refunded" }]));

    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(requests(fetchMock, "/api/admin/support/conversations/sup_c/status").map(({ init }) => JSON.parse(String(init?.body)))).toEqual([{ status: "closed" }]));
  });

  it("says that a reply to a visitor goes by email, and shows no account", async () => {
    serve();
    renderAt(<AdminSupportPage />, { path: "/en/admin-support?c=sup_v", pattern: "/:lang/admin-support" });
    expect(await screen.findByLabelText("Your reply (sent by email to bo@example.org)")).toBeTruthy();
    expect(screen.queryByRole("complementary", { name: "Account" })).toBeNull();
  });
});
