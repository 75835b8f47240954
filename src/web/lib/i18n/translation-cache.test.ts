import { beforeEach, describe, expect, it } from "vitest";
import { CACHE_KEY, CACHE_LIFETIME_MS, readCachedStrings, writeCachedStrings } from "./translation-cache";

describe("translation cache", () => {
  beforeEach(() => localStorage.clear());

  it("keeps a language's strings for seven days under i18n_cache_v3", () => {
    writeCachedStrings("sv", { "hero.title": "Ring" }, 1_000);
    expect(JSON.parse(localStorage.getItem(CACHE_KEY) ?? "{}").sv.strings).toEqual({ "hero.title": "Ring" });
    expect(readCachedStrings("sv", 1_000 + CACHE_LIFETIME_MS - 1)).toEqual({ "hero.title": "Ring" });
    expect(readCachedStrings("sv", 1_000 + CACHE_LIFETIME_MS)).toBeNull();
  });

  it("keeps languages apart and survives a corrupt entry", () => {
    writeCachedStrings("sv", { a: "1" });
    writeCachedStrings("de", { a: "2" });
    expect(readCachedStrings("sv")).toEqual({ a: "1" });
    localStorage.setItem(CACHE_KEY, "{not json");
    expect(readCachedStrings("sv")).toBeNull();
  });
});
