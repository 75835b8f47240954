import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AuthState } from "../../lib/auth/use-auth";
import { AppProviders, createQueryClient } from "../providers";
import { SiteFooter } from "./site-footer";

const auth = vi.hoisted(() => ({ current: null as AuthState | null }));
vi.mock("../../lib/auth/use-auth", () => ({ useAuth: () => auth.current, ACCOUNT_QUERY_KEY: ["account"] }));

const visitor: AuthState = { status: "unauthenticated", userId: null, email: null, role: "user", isAdmin: false, viaOAuth: false, sessionExpiresAt: null };

function renderFooter(state: Partial<AuthState>, site: { supportEmail: string; supportLocation: string | null }, path = "/en/somewhere") {
  auth.current = { ...visitor, ...state };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname === "/api/site") return Response.json(site);
      if (url.pathname.startsWith("/api/i18n/")) return Response.json({ language: "x", strings: {} });
      return Response.json({ error: { code: "not_found", message: "Not found" } }, { status: 404 });
    }),
  );
  const router = createMemoryRouter([{ path: "/:lang/*", element: <SiteFooter /> }], { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return screen.getByRole("contentinfo");
}

describe("site footer", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("offers a visitor Sign up and Log in, and shows our location in the reader's language", async () => {
    const footer = renderFooter({}, { supportEmail: "help@dialwise.example", supportLocation: null });
    expect(within(footer).getByRole("link", { name: "Sign up" }).getAttribute("href")).toBe("/en/signup");
    expect(within(footer).getByRole("link", { name: "Log in" })).toBeTruthy();
    expect(await within(footer).findByText("Based in Stockholm, Sweden")).toBeTruthy();
  });

  it.each([
    ["a signed-in customer", { status: "authenticated" as const, userId: "u1" }],
    ["an admin", { status: "authenticated" as const, userId: "a1", role: "admin" as const, isAdmin: true }],
    ["someone whose session is still being checked", { status: "loading" as const }],
  ])("does not offer Sign up or Log in to %s", (_who, state) => {
    const footer = renderFooter(state, { supportEmail: "help@dialwise.example", supportLocation: null });
    expect(within(footer).queryByRole("link", { name: "Sign up" })).toBeNull();
    expect(within(footer).queryByRole("link", { name: "Log in" })).toBeNull();
  });

  it("shows a configured location as written", async () => {
    const footer = renderFooter({}, { supportEmail: "help@dialwise.example", supportLocation: "Göteborg" });
    expect(await within(footer).findByText("Based in Göteborg")).toBeTruthy();
  });

  it("names the popular countries as every other page does", () => {
    const footer = renderFooter({}, { supportEmail: "help@dialwise.example", supportLocation: null }, "/ru/somewhere");
    expect(within(footer).getByRole("link", { name: "Соединенные Штаты" }).getAttribute("href")).toBe("/ru/country/us");
    expect(within(footer).getByRole("link", { name: "Великобритания" }).getAttribute("href")).toBe("/ru/country/uk");
  });
});
