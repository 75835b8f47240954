import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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

describe("language routing", () => {
  beforeEach(() => {
    localStorage.clear();
    document.cookie = "PREFERRED_LOCALE=; Max-Age=0; Path=/";
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input instanceof Request ? input.url : input);
        // English comes from the files (test setup); another language answers with one word of its own.
        const language = /\/api\/i18n\/([a-z]+)/.exec(url)?.[1];
        if (language) return Response.json({ language, strings: language === "en" ? {} : { "hero.title": "Ring utlandssamtal" } });
        if (url.includes("/api/auth/get-session")) return Response.json(null);
        return Response.json({ error: { code: "not_found", message: "Not found" } }, { status: 404 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends / to /en when nothing is preferred", async () => {
    const router = renderAt("/");
    await waitFor(() => expect(router.state.location.pathname).toBe("/en"));
    expect(await screen.findByRole("heading", { level: 1, name: "Make International Calls at the Lowest Rates" })).toBeTruthy();
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

  it("shows the 404 page with a way home under a language", async () => {
    renderAt("/en/no/such/page");
    expect(await screen.findByRole("heading", { name: "Oops! Page not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/en");
  });
});
