import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminTranslationRow, TranslationImportReport } from "../../../shared/api/admin-translations";
import { renderAt } from "../../test/render-with-app";
import { TranslationsPage } from "./translations-page";

const copyright: AdminTranslationRow = {
  key: "footer.copyright",
  english: "© {{year}} Dialwise. All rights reserved.",
  value: "© {{year}} Dialwise. Tous droits réservés.",
  source: "seed",
  updatedAt: "2026-03-01T10:00:00.000Z",
  englishUpdatedAt: "2026-03-01T10:00:00.000Z",
  missing: false,
  outdated: false,
};
const title: AdminTranslationRow = {
  key: "hero.title",
  english: "Make International Calls at the Lowest Rates",
  value: null,
  source: null,
  updatedAt: null,
  englishUpdatedAt: "2026-03-01T10:00:00.000Z",
  missing: true,
  outdated: false,
};
const MISSING = { en: 0, sv: 0, ar: 0, zh: 0, fr: 1, de: 3, es: 0, hi: 0, ru: 0, pt: 0 };
const listPage = (rows: AdminTranslationRow[]) => ({ rows, page: 1, pageCount: 2, total: 52, keys: 52, missing: MISSING });

const json = (body: unknown, status = 200) => Response.json(body, { status });

function stubApi(answers: { put?: () => Response; preview?: () => Response } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/admin/translations" && init?.method === "PUT") return answers.put?.() ?? json({ row: { ...copyright, source: "admin" } });
    if (url.pathname === "/api/admin/translations") return json(listPage([copyright, title]));
    if (url.pathname === "/api/admin/translations/import/preview") return answers.preview?.() ?? json({});
    return json({ error: { code: "not_found", message: "Not found" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const requests = (fetchMock: ReturnType<typeof stubApi>, method = "GET") =>
  fetchMock.mock.calls
    .filter(([input, init]) => new URL(String(input), "http://localhost").pathname.startsWith("/api/admin/translations") && (init?.method ?? "GET") === method)
    .map(([input, init]) => ({ url: new URL(String(input), "http://localhost"), body: init?.body ? JSON.parse(String(init.body)) : undefined }));

const renderPage = (path = "/en/translations?language=fr") => renderAt(<TranslationsPage />, { path, pattern: "/:lang/translations" });

describe("TranslationsPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists keys with English and the language's value, the missing values per language at the top", async () => {
    stubApi();
    renderPage();
    const table = await screen.findByRole("region", { name: "Translation keys" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain("footer.copyright");
    expect(rows[0]!.textContent).toContain("Tous droits réservés");
    expect(rows[1]!.textContent).toContain("Missing");
    const summary = screen.getByRole("region", { name: "Missing values by language" });
    expect(within(summary).getByRole("button", { name: /Français/ }).textContent).toContain("Missing: 1");
    expect(within(summary).getByRole("button", { name: /Deutsch/ }).textContent).toContain("Missing: 3");
    expect(within(summary).getByRole("button", { name: /English/ }).textContent).toContain("Complete");
    expect(screen.getByText("Page 1 of 2")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Export JSON" }).getAttribute("href")).toBe("/api/admin/translations/export.json?language=fr");
    expect(document.title).toBe("Translations · Dialwise");
  });

  it("keeps the language, search and filter in the address and asks with them", async () => {
    const fetchMock = stubApi();
    const { router } = renderPage();
    await screen.findByRole("region", { name: "Translation keys" });
    expect(requests(fetchMock).at(-1)?.url.search).toBe("?language=fr&page=1");
    fireEvent.change(screen.getByLabelText("Show"), { target: { value: "outdated" } });
    fireEvent.change(screen.getByRole("searchbox", { name: "Search keys and text" }), { target: { value: "droits" } });
    await waitFor(() => expect(requests(fetchMock).at(-1)?.url.search).toBe("?language=fr&q=droits&state=outdated&page=1"));
    expect(router.state.location.search).toBe("?language=fr&q=droits&state=outdated");
    // A language in the summary shows its missing keys.
    fireEvent.click(within(screen.getByRole("region", { name: "Missing values by language" })).getByRole("button", { name: /Deutsch/ }));
    await waitFor(() => expect(router.state.location.search).toBe("?language=de&state=missing"));
  });

  it("edits a value under its row, refusing one that drops a placeholder before sending it, then saving the fixed value", async () => {
    const fetchMock = stubApi();
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Edit footer.copyright" }));
    const editor = await screen.findByRole("form", { name: "Edit translation footer.copyright" });
    expect(editor.textContent).toContain("Keep these exactly as in English: \u2066{{year}}\u2069");
    const box = within(editor).getByLabelText("Text in Français");
    fireEvent.change(box, { target: { value: "© Dialwise. Tous droits réservés." } });
    fireEvent.click(within(editor).getByRole("button", { name: "Save" }));
    expect(await within(editor).findByText("Missing from the text: \u2066{{year}}\u2069")).toBeTruthy();
    expect(requests(fetchMock, "PUT")).toEqual([]);

    fireEvent.change(box, { target: { value: "© {{year}} Dialwise. Tous les droits sont réservés." } });
    fireEvent.click(within(editor).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(requests(fetchMock, "PUT")).toHaveLength(1));
    expect(requests(fetchMock, "PUT")[0]!.body).toEqual({ language: "fr", key: "footer.copyright", value: "© {{year}} Dialwise. Tous les droits sont réservés." });
    await waitFor(() => expect(screen.queryByRole("form", { name: "Edit translation footer.copyright" })).toBeNull());
  });

  it("shows the server's refusal naming what is extra", async () => {
    stubApi({
      put: () => json({ error: { code: "translation_markup_mismatch", message: "…", details: [{ path: "extra", message: "<b>" }] } }, 400),
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Edit footer.copyright" }));
    const editor = await screen.findByRole("form", { name: "Edit translation footer.copyright" });
    fireEvent.change(within(editor).getByLabelText("Text in Français"), { target: { value: "© {{year}} Dialwise. Droits réservés." } });
    fireEvent.click(within(editor).getByRole("button", { name: "Save" }));
    const alert = await within(editor).findByRole("alert");
    expect(alert.textContent).toBe("The text must keep the placeholders and markup of the English source exactly. Not in the English source: \u2066<b>\u2069");
  });

  it("previews an import and will not import a file with unknown keys or refused values", async () => {
    const report: TranslationImportReport = {
      language: "fr",
      changed: [{ key: "hero.title", before: null, after: "Appelez le monde" }],
      unchanged: 3,
      skippedEmpty: 0,
      unknownKeys: ["no.such.key"],
      refused: [{ key: "footer.copyright", missing: ["{{year}}"], extra: [] }],
      applied: false,
    };
    const fetchMock = stubApi({ preview: () => json(report) });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Import JSON" }));
    const dialog = await screen.findByRole("dialog", { name: "Import translations into Français" });
    const file = new File([JSON.stringify({ hero: { title: "Appelez le monde" }, "no.such.key": "x", "footer.copyright": "©" })], "fr.json", { type: "application/json" });
    fireEvent.change(within(dialog).getByLabelText("JSON file"), { target: { files: [file] } });
    expect(await within(dialog).findByText("Unknown keys: 1")).toBeTruthy();
    // The nested object is sent flat.
    expect(requests(fetchMock, "POST")[0]!.body).toEqual({ language: "fr", strings: { "hero.title": "Appelez le monde", "no.such.key": "x", "footer.copyright": "©" } });
    expect(dialog.textContent).toContain("Refused values: 1");
    expect(dialog.textContent).toContain("Missing from the text: \u2066{{year}}\u2069");
    expect((within(dialog).getByRole("button", { name: "Import" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows cards on a phone and opens the editor inside the card, the Arabic value right to left", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    stubApi();
    renderPage("/en/translations?language=ar");
    const list = await screen.findByRole("list", { name: "Translation keys" });
    const cards = within(list).getAllByRole("listitem");
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole("region", { name: "Translation keys" })).toBeNull();
    const edit = within(cards[0]!).getByRole("button", { name: "Edit footer.copyright" });
    expect(edit.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(edit);
    const editor = await within(cards[0]!).findByRole("form", { name: "Edit translation footer.copyright" });
    expect(edit.getAttribute("aria-expanded")).toBe("true");
    const box = within(editor).getByLabelText("Text in العربية");
    expect(box.getAttribute("dir")).toBe("rtl");
    expect(box.getAttribute("lang")).toBe("ar");
    // Edit again closes it.
    fireEvent.click(edit);
    await waitFor(() => expect(within(cards[0]!).queryByRole("form")).toBeNull());
  });
});
