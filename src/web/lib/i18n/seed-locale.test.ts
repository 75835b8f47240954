import { afterEach, describe, expect, it, vi } from "vitest";
import { activateLocale, i18n, seedLocale } from "./i18n";

/** The translations API as the browser reaches it: records each request's query. */
function answerTranslations(rest: Record<string, string>) {
  const requests: URL[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost");
      requests.push(url);
      return Response.json({ language: "de", strings: rest });
    }),
  );
  return requests;
}

describe("a language seeded by a server-rendered page", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("needs no startup request, loads the rest when idle, and re-renders nothing for it", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("requestIdleCallback", undefined);
    const requests = answerTranslations({ "history.title": "Anrufverlauf" });
    const added = vi.fn();
    const changed = vi.fn();
    i18n.on("added", added);
    await seedLocale("de", { "hero.title": "Günstig ins Ausland telefonieren" }, { "hero.title": "Make International Calls at the Lowest Rates" });
    i18n.on("languageChanged", changed);

    // What LocaleGate does once the page is taken over: the language is in already.
    await activateLocale("de");
    expect(requests).toEqual([]);
    expect(changed).not.toHaveBeenCalled();
    expect(i18n.t("hero.title")).toBe("Günstig ins Ausland telefonieren");

    added.mockClear();
    await vi.advanceTimersByTimeAsync(4000);
    await vi.waitFor(() => expect(i18n.t("history.title")).toBe("Anrufverlauf"));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.pathname).toBe("/api/i18n/de");
    expect(requests[0]?.searchParams.get("exclude")).toBe("true");
    expect(requests[0]?.searchParams.get("prefixes")?.split(",")).toContain("hero.");
    expect(added).not.toHaveBeenCalled();
    i18n.off("added", added);
    i18n.off("languageChanged", changed);
  });

  it("asks nothing more for a country page, whose own strings (country_page.{slug}.) came with it or do not exist", async () => {
    const requests = answerTranslations({});
    const added = vi.fn();
    await seedLocale("de", { "hero.title": "Günstig ins Ausland telefonieren" }, { "hero.title": "Make International Calls at the Lowest Rates" });
    i18n.on("added", added);
    // What LocaleGate does once /de/country/in is taken over; India has no strings of its own.
    await activateLocale("de", ["country_page.in."]);
    expect(requests.map((url) => url.pathname)).toEqual([]);
    // Strings arriving now would re-render every translated component of the page just taken over.
    expect(added).not.toHaveBeenCalled();
    i18n.off("added", added);
  });
});
