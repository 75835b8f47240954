import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthState } from "../../../lib/auth/use-auth";
import { liveEventCacheUpdates } from "../../../lib/live-events";
import { AppProviders, createQueryClient } from "../../providers";
import { SiteHeader } from "./site-header";

const auth = vi.hoisted(() => ({ current: null as AuthState | null }));
vi.mock("../../../lib/auth/use-auth", () => ({ useAuth: () => auth.current, ACCOUNT_QUERY_KEY: ["account"] }));

let lastRouter: ReturnType<typeof createMemoryRouter> | null = null;
const base: AuthState = { status: "unauthenticated", userId: null, email: null, role: "user", isAdmin: false, viaOAuth: false, sessionExpiresAt: null };

function renderHeader(state: Partial<AuthState>) {
  auth.current = { ...base, ...state };
  const router = createMemoryRouter([{ path: "/:lang/*", element: <SiteHeader /> }], { initialEntries: ["/en/somewhere"] });
  lastRouter = router;
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return screen.getByRole("navigation", { name: "Main" });
}

/** The API as the header reads it: no unread support replies, and what a test adds; anything else is 404. */
function serve(answers: Record<string, unknown> = {}) {
  const known: Record<string, unknown> = { "/api/support/unread": { count: 0 }, ...answers };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), "http://localhost").pathname;
      return path in known ? Response.json(known[path]) : Response.json({ error: { code: "not_found", message: "Not found" } }, { status: 404 });
    }),
  );
}

describe("site header", () => {
  beforeEach(() => serve());

  it("offers a visitor the brand, Rates and Sign In", () => {
    const nav = renderHeader({});
    expect(screen.getByRole("link", { name: /Dialwise/ })).toBeTruthy();
    expect(within(nav).getByRole("button", { name: "Rates" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/en/auth");
    expect(screen.queryByRole("button", { name: "Sign Out" })).toBeNull();
  });

  it("gives a customer the More menu and Sign Out, and no admin links", () => {
    const nav = renderHeader({ status: "authenticated", userId: "u1" });
    expect(within(nav).getByRole("button", { name: "More" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign Out" })).toBeTruthy();
    expect(within(nav).queryByRole("link", { name: "Dashboard" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Sign In" })).toBeNull();
  });

  it("shows a customer's balance in their language with 2 decimals, and follows `balance` live events", async () => {
    serve({ "/api/credits/balance": { balance: "1234.5678" } });
    const queryClient = createQueryClient();
    auth.current = { ...base, status: "authenticated", userId: "u1" };
    const router = createMemoryRouter([{ path: "/:lang/*", element: <SiteHeader /> }], { initialEntries: ["/de/somewhere"] });
    render(
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const balance = await screen.findByTestId("header-balance");
    // German writes 1.234,57 $ (with a no-break space); the English label because German strings are not loaded here.
    expect(balance.textContent?.replace(/\s/g, " ")).toBe("Balance1.234,57 $");
    liveEventCacheUpdates.balance(queryClient, { balance: "2.5000" });
    await waitFor(() => expect(screen.getByTestId("header-balance").textContent?.replace(/\s/g, " ")).toBe("Balance2,50 $"));
    // Spent to nothing: the header says so rather than hiding the amount.
    liveEventCacheUpdates.balance(queryClient, { balance: "0.0000" });
    await waitFor(() => expect(screen.getByTestId("header-balance").textContent?.replace(/\s/g, " ")).toBe("Balance0,00 $"));
  });

  it("shows no balance to visitors or admins", async () => {
    renderHeader({});
    await Promise.resolve();
    expect(screen.queryByTestId("header-balance")).toBeNull();
    expect(vi.mocked(fetch).mock.calls.some(([input]) => String(input).includes("/api/credits/balance"))).toBe(false);
  });

  it("gives an admin admin links only, without the brand mark", () => {
    const nav = renderHeader({ status: "authenticated", userId: "a1", role: "admin", isAdmin: true });
    expect(within(nav).getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe("/en/dashboard");
    expect(screen.queryByRole("link", { name: /Dialwise/ })).toBeNull();
    expect(within(nav).queryByRole("link", { name: "Buy credits" })).toBeNull();
  });

  it("closes the mobile menu once a language is picked, on the same page in that language", async () => {
    renderHeader({});
    fireEvent.click(screen.getByRole("button", { name: "Menu" }));
    const menu = await screen.findByRole("dialog", { name: "Menu" });
    fireEvent.click(within(menu).getByRole("button", { name: /Language/ }));
    fireEvent.click(await screen.findByRole("button", { name: /Svenska/ }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(lastRouter?.state.location.pathname).toBe("/sv/somewhere");
  });

  it("opens the mobile menu from its own button, marks it expanded, and gives focus back to the button on Escape", async () => {
    renderHeader({});
    const button = screen.getByRole("button", { name: "Menu" });
    // Closed, the button is what radix's Trigger renders, before the menu's code is fetched.
    expect(button.getAttribute("aria-haspopup")).toBe("dialog");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(button.getAttribute("data-state")).toBe("closed");

    fireEvent.click(button);
    const menu = await screen.findByRole("dialog", { name: "Menu" });
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(button.getAttribute("aria-controls")).toBe(menu.id);
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));

    fireEvent.keyDown(document.activeElement ?? menu, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("loads the More menu when its button takes the focus, keeps the focus on it, and opens the menu from the keyboard", async () => {
    const nav = renderHeader({ status: "authenticated", userId: "u1" });
    const button = within(nav).getByRole("button", { name: "More" });
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    expect(button.getAttribute("aria-expanded")).toBe("false");

    act(() => button.focus());
    // The menu's own trigger replaces the button once its code is in, and has the focus.
    await waitFor(() => expect(within(nav).getByRole("button", { name: "More" })).not.toBe(button));
    const trigger = within(nav).getByRole("button", { name: "More" });
    expect(document.activeElement).toBe(trigger);

    fireEvent.keyDown(trigger, { key: "Enter" });
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Rates" })).toBeTruthy();
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
  });

  it("badges a customer's unread support replies on More, on Contact support and on the menu button, and follows `support.unread` events", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) =>
        new URL(String(input), "http://localhost").pathname === "/api/support/unread"
          ? Response.json({ count: 2 })
          : Response.json({ error: { code: "not_found", message: "Not found" } }, { status: 404 }),
      ),
    );
    const queryClient = createQueryClient();
    auth.current = { ...base, status: "authenticated", userId: "u1" };
    const router = createMemoryRouter([{ path: "/:lang/*", element: <SiteHeader /> }], { initialEntries: ["/en/somewhere"] });
    render(
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const nav = screen.getByRole("navigation", { name: "Main" });
    await waitFor(() => expect(within(nav).getByRole("button", { name: "More Unread replies: 2" })).toBeTruthy());
    expect(screen.getByRole("button", { name: "Menu Unread replies: 2" })).toBeTruthy();

    fireEvent.keyDown(within(nav).getByRole("button", { name: /^More/ }), { key: "Enter" });
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Contact support Unread replies: 2" }).getAttribute("href")).toBe("/en/support");

    // A reply read in another tab: every badge goes.
    act(() => liveEventCacheUpdates["support.unread"](queryClient, { count: 0 }));
    await waitFor(() => expect(screen.queryAllByTestId("support-unread-badge")).toEqual([]));
    act(() => liveEventCacheUpdates["support.unread"](queryClient, { count: 1 }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Menu Unread replies: 1" })).toBeTruthy());
  });

  it("asks admins and visitors for no unread count", async () => {
    renderHeader({});
    cleanup();
    renderHeader({ status: "authenticated", userId: "a1", role: "admin", isAdmin: true });
    await Promise.resolve();
    expect(vi.mocked(fetch).mock.calls.some(([input]) => String(input).includes("/api/support/unread"))).toBe(false);
    expect(screen.queryAllByTestId("support-unread-badge")).toEqual([]);
  });

  it("gives an admin a logo that opens the support inbox", () => {
    renderHeader({ status: "authenticated", userId: "a1", role: "admin", isAdmin: true });
    expect(screen.getByTestId("admin-logo").getAttribute("href")).toBe("/en/admin-support");
  });

  it("keeps an admin's bar to Dashboard, Users and Calls, with the other admin links in its More menu", async () => {
    const nav = renderHeader({ status: "authenticated", userId: "a1", role: "admin", isAdmin: true });
    // One row from the md breakpoint up in every language: three links in the bar, the rest behind More.
    expect(within(nav).getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Dashboard", "/en/dashboard"],
      ["Users", "/en/users"],
      ["Calls", "/en/calls"],
    ]);
    const more = within(nav).getByRole("button", { name: "More" });
    expect(more.getAttribute("aria-haspopup")).toBe("menu");

    // From the keyboard, whether or not the menu's code is in yet (the tests above may have loaded it).
    act(() => more.focus());
    fireEvent.keyDown(more, { key: "Enter" });
    const menu = await screen.findByRole("menu", undefined, { timeout: 15_000 });
    expect(within(nav).getByRole("button", { name: "More" }).getAttribute("aria-expanded")).toBe("true");
    // The menu's items, in the spec's order; no customer Rates item.
    expect(within(menu).getAllByRole("menuitem").map((item) => [item.textContent, item.getAttribute("href")])).toEqual([
      ["Discounts", "/en/discounts"],
      ["Blogs", "/en/blogs"],
      ["Admin Support", "/en/admin-support"],
      ["Admin Payments", "/en/admin-payments"],
      ["Translations", "/en/translations"],
      ["Country rates", "/en/country-rates"],
      ["Credit audit", "/en/credit-audit"],
    ]);
    await waitFor(() => expect(document.activeElement).toBe(within(menu).getAllByRole("menuitem")[0]));
  });

  it("lists every admin link in the mobile menu, in the spec's order", async () => {
    renderHeader({ status: "authenticated", userId: "a1", role: "admin", isAdmin: true });
    fireEvent.click(screen.getByRole("button", { name: "Menu" }));
    const menu = await screen.findByRole("dialog", { name: "Menu" });
    expect(within(menu).getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual([
      "/en/dashboard",
      "/en/users",
      "/en/calls",
      "/en/discounts",
      "/en/blogs",
      "/en/admin-support",
      "/en/admin-payments",
      "/en/translations",
      "/en/country-rates",
      "/en/credit-audit",
    ]);
  });
});
