import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminUserProfile, AdminUserRow } from "../../../shared/api/admin-users";
import { renderAt } from "../../test/render-with-app";
import { json, stubApi, type ApiHandler } from "../../test/stub-api";
import { AdminUsersPage } from "./admin-users-page";
import { UserPage } from "./user-page";

const anna: AdminUserRow = {
  id: "u-anna",
  name: "Anna Berg",
  email: "anna@example.com",
  emailVerified: true,
  role: "user",
  banned: false,
  createdAt: "2026-03-01T10:00:00.000Z",
  balance: "12.5000",
  lastActiveAt: "2026-03-10T12:00:00.000Z",
};
const bo: AdminUserRow = { ...anna, id: "u-bo", name: "Bo", email: "bo@example.org", emailVerified: false, banned: true, role: "admin", balance: "0.0000", lastActiveAt: null };
const profile: AdminUserProfile = { ...anna, banReason: null, bannedAt: null, locale: "sv", deletedAt: null };
const ADMIN_ID = "u-admin";
const SESSION = {
  user: { id: ADMIN_ID, email: "admin@dialwise.test", name: "", emailVerified: true, createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z" },
  session: { id: "s1", userId: ADMIN_ID, token: "t", expiresAt: "2099-12-01T00:00:00.000Z", createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z" },
};

/** The admin's session, and a list of two accounts over three pages; `handler` answers first. */
const stubUsersApi = (handler: ApiHandler = () => undefined) =>
  stubApi(handler, (url) => {
    if (url.pathname === "/api/auth/get-session") return json(SESSION);
    if (url.pathname === "/api/me") return json({ id: ADMIN_ID, email: "admin@dialwise.test", role: "admin", providers: ["credential"], sessionExpiresAt: "2099-12-01T00:00:00.000Z" });
    if (url.pathname === "/api/admin/users") return json({ users: [anna, bo], page: 1, pageCount: 3, total: 52 });
    return undefined;
  });
const listRequests = (fetchMock: ReturnType<typeof stubUsersApi>) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), "http://localhost")).filter((url) => url.pathname === "/api/admin/users");

const detail = (overrides: Partial<AdminUserProfile> = {}) => ({
  profile: { ...profile, ...overrides },
  ledger: [{ id: 9, userId: anna.id, email: anna.email, kind: "admin_adjustment", reference: "adj_1", amount: "2.5000", balanceAfter: "12.5000", note: "Goodwill", createdBy: "admin@dialwise.test", createdAt: "2026-03-09T09:00:00.000Z" }],
  calls: [],
  payments: [],
  signIns: [{ createdAt: "2026-03-10T12:00:00.000Z", expiresAt: "2026-03-17T12:00:00.000Z", ipAddress: "203.0.113.7", userAgent: "Mozilla/5.0 (X11; Linux x86_64)" }],
  supportConversationId: "sup_anna",
  audit: [{ id: 3, action: "credit.adjust", actorEmail: "admin@dialwise.test", before: { balance: "10.0000" }, after: { balance: "12.5000", reason: "Goodwill" }, createdAt: "2026-03-09T09:00:00.000Z" }],
});

describe("AdminUsersPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists accounts with their standing and balance, and keeps search, filters, order and page in the address", { timeout: 20_000 }, async () => {
    const fetchMock = stubUsersApi();
    const { router } = renderAt(<AdminUsersPage />, { path: "/en/users?role=admin&page=2", pattern: "/:lang/users" });
    const table = await screen.findByRole("region", { name: "Accounts" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain("anna@example.com");
    expect(rows[0]?.textContent).toContain("$12.5000");
    expect(rows[1]?.textContent).toContain("Admin");
    expect(rows[1]?.textContent).toContain("Email not confirmed");
    expect(rows[1]?.textContent).toContain("Banned");
    expect(within(rows[0]!).getByRole("link", { name: /Anna Berg/ }).getAttribute("href")).toBe("/en/users/u-anna");
    expect(screen.getByText("Accounts found: 52")).toBeTruthy();
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    // The address's view is what the server is asked, with its default order.
    expect(listRequests(fetchMock).at(-1)?.searchParams.toString()).toBe("sort=created&dir=desc&role=admin&page=2");
    expect((screen.getByLabelText("Role") as HTMLSelectElement).value).toBe("admin");

    fireEvent.change(screen.getByLabelText("Banned"), { target: { value: "yes" } });
    await waitFor(() => expect(router.state.location.search).toBe("?role=admin&banned=yes"));
    fireEvent.change(screen.getByLabelText("Email or name"), { target: { value: "Anna" } });
    fireEvent.change(screen.getByLabelText("Balance at least (USD)"), { target: { value: "1.5" } });
    await waitFor(() => expect(router.state.location.search).toBe("?q=Anna&role=admin&banned=yes&balanceMin=1.5"));
    // A heading sorts on the server; pressing it again reverses the order.
    fireEvent.click(within(table).getByRole("button", { name: /Balance/ }));
    await waitFor(() => expect(router.state.location.search).toBe("?q=Anna&role=admin&banned=yes&balanceMin=1.5&sort=balance&dir=desc"));
    fireEvent.click(within(screen.getByRole("region", { name: "Accounts" })).getByRole("button", { name: /Balance/ }));
    await waitFor(() => expect(router.state.location.search).toContain("sort=balance&dir=asc"));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(router.state.location.search).toBe("?q=Anna&role=admin&banned=yes&balanceMin=1.5&sort=balance&dir=asc&page=2"));
    expect(listRequests(fetchMock).at(-1)?.searchParams.toString()).toBe("sort=balance&dir=asc&q=Anna&role=admin&banned=yes&balanceMin=1.5&page=2");

    // The CSV is the same view, every page of it, its header in the page's language.
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      "/api/admin/users/export.csv?q=Anna&role=admin&banned=yes&balanceMin=1.5&sort=balance&dir=asc&lang=en",
    );

    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(router.state.location.search).toBe("?sort=balance&dir=asc"));
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe("/api/admin/users/export.csv?sort=balance&dir=asc&lang=en");
  });

  it("says a balance that is not an amount, and tells no accounts apart from no matches", async () => {
    stubUsersApi((url) => (url.pathname === "/api/admin/users" ? json({ users: [], page: 1, pageCount: 1, total: 0 }) : undefined));
    const { unmount } = renderAt(<AdminUsersPage />, { path: "/en/users", pattern: "/:lang/users" });
    expect(await screen.findByText("There are no accounts yet.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Balance at most (USD)"), { target: { value: "twelve" } });
    expect(await screen.findByText("Enter an amount such as 5 or 12.50.")).toBeTruthy();
    unmount();
    renderAt(<AdminUsersPage />, { path: "/en/users?verified=no", pattern: "/:lang/users" });
    expect(await screen.findByText("No account matches these filters.")).toBeTruthy();
  });

  it("shows cards on a phone", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    stubUsersApi();
    renderAt(<AdminUsersPage />, { path: "/en/users", pattern: "/:lang/users" });
    const list = await screen.findByRole("list", { name: "Accounts" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(screen.queryByRole("region", { name: "Accounts" })).toBeNull();
  });
});

describe("UserPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the customer's profile, ledger, sign-ins, support link and audit, and bans with a reason", async () => {
    let banned = false;
    const sent: unknown[] = [];
    stubUsersApi((url, init) => {
      if (url.pathname === "/api/admin/users/u-anna") return json(detail(banned ? { banned: true, banReason: "Chargeback fraud", bannedAt: "2026-03-11T08:00:00.000Z" } : {}));
      if (url.pathname === "/api/admin/users/u-anna/ban" && init?.method === "POST") {
        sent.push(JSON.parse(String(init.body)));
        banned = true;
        return json({ profile: { ...profile, banned: true }, sessionsEnded: 2, callsEnded: 1 });
      }
      return undefined;
    });
    renderAt(<UserPage />, { path: "/en/users/u-anna", pattern: "/:lang/users/:userId" });
    expect(await screen.findByText("anna@example.com")).toBeTruthy();
    expect(screen.getByText("$12.5000")).toBeTruthy();
    expect(screen.getByText("Svenska")).toBeTruthy();
    const ledger = screen.getByRole("region", { name: "Latest ledger entries" });
    expect(ledger.textContent).toContain("Adjustment");
    expect(ledger.textContent).toContain("$2.5000");
    expect(screen.getByRole("region", { name: "Latest sign-ins" }).textContent).toContain("203.0.113.7");
    expect(screen.getByRole("link", { name: "Open the support conversation" }).getAttribute("href")).toBe("/en/admin-support?c=sup_anna");
    const audit = screen.getByRole("region", { name: "Changes by administrators" });
    expect(audit.textContent).toContain("Credit adjusted");
    expect(audit.textContent).toContain("by admin@dialwise.test");
    expect(audit.textContent).toContain("reason: Goodwill");
    // The credit audit's own form, for this customer: no email to type.
    expect(screen.getByRole("form", { name: "Adjust a balance" })).toBeTruthy();
    expect(screen.queryByLabelText("Customer email")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Ban" }));
    const dialog = await screen.findByRole("dialog", { name: "Ban this account?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Ban account" }));
    expect(await within(dialog).findByText("Please give a reason.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Chargeback fraud" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Ban account" }));
    await waitFor(() => expect(sent).toEqual([{ reason: "Chargeback fraud" }]));
    expect(await screen.findByText("Reason for the ban:")).toBeTruthy();
    expect(screen.getByText("Chargeback fraud")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Lift ban" })).toBeTruthy();
  });

  it("offers neither removing the role nor a ban on the admin's own account", async () => {
    stubUsersApi((url) => (url.pathname === `/api/admin/users/${ADMIN_ID}` ? json({ ...detail({ id: ADMIN_ID, email: "admin@dialwise.test", role: "admin" }), audit: [] }) : undefined));
    renderAt(<UserPage />, { path: `/en/users/${ADMIN_ID}`, pattern: "/:lang/users/:userId" });
    expect(await screen.findByText("This is your own account: you cannot remove your administrator role or ban yourself.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Remove administrator role" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Ban" })).toBeNull();
  });
});
