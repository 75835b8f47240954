import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authClient } from "../lib/auth-client";
import { AppProviders, createQueryClient } from "./providers";
import { routes } from "./router";

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const SESSION = {
  user: { id: "u1", email: "ada@example.com", name: "", emailVerified: true, createdAt: "2026-11-01T00:00:00.000Z", updatedAt: "2026-11-01T00:00:00.000Z" },
  session: { id: "s1", userId: "u1", token: "t", expiresAt: "2099-12-01T00:00:00.000Z", createdAt: "2026-11-01T00:00:00.000Z", updatedAt: "2026-11-01T00:00:00.000Z" },
};
let signedIn = false;

describe("language routing", () => {
  beforeEach(() => {
    signedIn = false;
    localStorage.clear();
    document.cookie = "PREFERRED_LOCALE=; Max-Age=0; Path=/";
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input instanceof Request ? input.url : input);
        // English comes from the files (test setup); another language answers with one word of its own.
        const language = /\/api\/i18n\/([a-z]+)/.exec(url)?.[1];
        if (language) return Response.json({ language, strings: language === "en" ? {} : { "hero.title": "Ring utlandssamtal", "not_found.title": "Hoppsan! Sidan hittades inte" } });
        if (url.includes("/api/auth/get-session")) return Response.json(signedIn ? SESSION : null);
        if (url.includes("/api/me")) return Response.json({ id: "u1", email: "ada@example.com", role: "user", providers: ["credential"], sessionExpiresAt: "2026-12-01T00:00:00.000Z" });
        return Response.json({ error: { code: "not_found", message: "Not found" } }, { status: 404 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends / to /en when nothing is preferred", async () => {
    const router = renderAt("/");
    await waitFor(() => expect(router.state.location.pathname).toBe("/en"));
    expect(await screen.findByRole("heading", { level: 1, name: "Make International Calls at the Lowest Rates" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Make International Calls at the Lowest Rates · Dialwise"));
  });

  it("sends / to the saved language and renders its strings right to left for Arabic", async () => {
    localStorage.setItem("preferred_locale", "ar");
    const router = renderAt("/");
    await waitFor(() => expect(router.state.location.pathname).toBe("/ar"));
    await waitFor(() => expect(document.documentElement.dir).toBe("rtl"));
    expect(document.documentElement.lang).toBe("ar");
  });

  it("redirects a region or unsupported prefix to a supported language, keeping the rest of the path", async () => {
    const router = renderAt("/sv-FI/somewhere");
    await waitFor(() => expect(router.state.location.pathname).toBe("/sv/somewhere"));
  });

  it("keeps the spec's unprefixed routes and shows the 404 page for others", async () => {
    const router = renderAt("/auth");
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/auth"));
    renderAt("/definitely-not-a-page");
    expect(await screen.findByRole("heading", { name: "Oops! Page not found" })).toBeTruthy();
  });

  it("shows an address without a language as the whole 404 page, header and footer, in the visitor's language, at that address", async () => {
    localStorage.setItem("preferred_locale", "sv");
    for (const path of ["/login", "/pricing/plans"]) {
      const router = renderAt(path);
      expect(await screen.findByRole("heading", { level: 1, name: "Hoppsan! Sidan hittades inte" })).toBeTruthy();
      expect(screen.getByRole("banner")).toBeTruthy();
      expect(screen.getByRole("contentinfo")).toBeTruthy();
      expect(screen.queryByText("not_found.title")).toBeNull();
      expect(router.state.location.pathname).toBe(path);
      expect(document.documentElement.lang).toBe("sv");
      await waitFor(() => expect(document.title).toBe("Hoppsan! Sidan hittades inte · Dialwise"));
      cleanup();
    }
  });

  it("reads a language prefix in capitals or mixed case as that language, keeping the rest, the query and the fragment", async () => {
    const upper = renderAt("/EN");
    await waitFor(() => expect(upper.state.location.pathname).toBe("/en"));
    cleanup();
    const mixed = renderAt("/Ar/faq?open=1#faq-billing");
    await waitFor(() => expect(mixed.state.location.pathname).toBe("/ar/faq"));
    expect(mixed.state.location.search).toBe("?open=1");
    expect(mixed.state.location.hash).toBe("#faq-billing");
  });

  it("sends a signed-in person on / to buying credit in their language", async () => {
    signedIn = true;
    // The signed-in shell opens the live events stream; nothing answers it here.
    vi.stubGlobal(
      "EventSource",
      class {
        addEventListener() {}
        close() {}
      },
    );
    localStorage.setItem("preferred_locale", "sv");
    // As after signing in: better-auth's store holds the session before the person opens "/".
    const session = authClient.$store.atoms.session as unknown as { get(): { data: unknown }; listen(listener: () => void): () => void };
    const stop = session.listen(() => undefined);
    authClient.$store.notify("$sessionSignal");
    await waitFor(() => expect(session.get().data).not.toBeNull());
    stop();
    const router = renderAt("/");
    await waitFor(() => expect(router.state.location.pathname).toBe("/sv/phone"));
    // Signed out again: the store outlives the test, and the next one would render a signed-in shell with no EventSource.
    signedIn = false;
    const again = session.listen(() => undefined);
    authClient.$store.notify("$sessionSignal");
    await waitFor(() => expect(session.get().data).toBeNull());
    again();
  });

  it("shows the 404 page with a way home under a language", async () => {
    renderAt("/en/no/such/page");
    expect(await screen.findByRole("heading", { name: "Oops! Page not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/en");
  });
});
