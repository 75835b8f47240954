import { vi } from "vitest";

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The API the content pages read: the site's support address, and translations (English ships in the bundle). */
export function stubContentApi(site: { supportEmail: string; supportLocation: string | null } | null = { supportEmail: "help@dialwise.example", supportLocation: null }) {
  const mock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/site") return site ? json(site) : json({ error: { code: "internal_error", message: "Server error" } }, 500);
    if (url.pathname.startsWith("/api/i18n/")) return json({ language: url.pathname.split("/").pop(), strings: {} });
    return json({ error: { code: "not_found", message: "Not found" } }, 404);
  });
  vi.stubGlobal("fetch", mock);
  return mock;
}
