import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { writeCachedStrings } from "./translation-cache";

/** A fresh module each time: the app's instance in the test setup already holds English from the files. */
async function freshI18n() {
  vi.resetModules();
  return import("./i18n");
}

type Request = { language: string; prefixes: string | null; exclude: string | null };

function stubApi() {
  const requests: Request[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://localhost");
      const language = url.pathname.split("/").pop() ?? "";
      requests.push({ language, prefixes: url.searchParams.get("prefixes"), exclude: url.searchParams.get("exclude") });
      const strings = url.searchParams.get("exclude") ? { [`buy.title`]: `${language} buy` } : { "nav.home": `${language} home` };
      return Response.json({ language, strings });
    }),
  );
  // The idle load runs when the test says so.
  const idle: (() => void)[] = [];
  vi.stubGlobal("requestIdleCallback", (run: () => void) => idle.push(run));
  return { requests, runIdle: () => idle.splice(0).forEach((run) => run()) };
}

describe("loading a language's strings", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("loads English's startup keys from the server, then the rest when idle, and caches them", async () => {
    const { requests, runIdle } = stubApi();
    const { i18n, loadLocale, STARTUP_PREFIXES } = await freshI18n();
    await loadLocale("en");
    expect(requests).toEqual([{ language: "en", prefixes: STARTUP_PREFIXES.join(","), exclude: null }]);
    expect(i18n.t("nav.home")).toBe("en home");
    runIdle();
    await vi.waitFor(() => expect(i18n.stringsOf("en")?.["buy.title"]).toBe("en buy"));
    expect(requests[1]).toEqual({ language: "en", prefixes: STARTUP_PREFIXES.join(","), exclude: "true" });
    expect(JSON.parse(localStorage.getItem("i18n_cache_v3") ?? "{}").en.strings).toEqual({ "nav.home": "en home", "buy.title": "en buy" });
  });

  it("loads only the same startup keys of English beside another language, as its fallback", async () => {
    const { requests, runIdle } = stubApi();
    const { i18n, loadLocale, STARTUP_PREFIXES } = await freshI18n();
    await loadLocale("sv", ["country_page.sweden."]);
    const prefixes = [...STARTUP_PREFIXES, "country_page.sweden."].join(",");
    expect(requests.sort((a, b) => a.language.localeCompare(b.language))).toEqual([
      { language: "en", prefixes, exclude: null },
      { language: "sv", prefixes, exclude: null },
    ]);
    expect(i18n.stringsOf("en")?.["nav.home"]).toBe("en home");
    runIdle();
    await vi.waitFor(() => expect(i18n.stringsOf("sv")?.["buy.title"]).toBe("sv buy"));
    expect(requests.filter((request) => request.exclude)).toEqual([{ language: "sv", prefixes, exclude: "true" }]);
  });

  it("takes English from the cache when an earlier English visit left it there", async () => {
    writeCachedStrings("en", { "nav.home": "cached home" });
    const { requests } = stubApi();
    const { i18n, loadLocale } = await freshI18n();
    await loadLocale("de");
    expect(requests.map((request) => request.language)).toEqual(["de"]);
    expect(i18n.stringsOf("en")?.["nav.home"]).toBe("cached home");
  });

  it("counts a language as shown only once its strings and English's are in", async () => {
    stubApi();
    const { i18n, isLocaleShown, seedLocale } = await freshI18n();
    // English is the instance's language from the start, with no strings yet (the bare shell of a private page).
    expect(isLocaleShown(i18n, "en")).toBe(false);
    await seedLocale("sv", { "hero.title": "Ring" }, { "hero.title": "Call" });
    expect(isLocaleShown(i18n, "sv")).toBe(true);
    expect(isLocaleShown(i18n, "en")).toBe(false);
  });
});
