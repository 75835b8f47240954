import { describe, expect, it } from "vitest";
import { isBackwards, isDay, listSearch, oneOf, textUpTo } from "./list-search";

interface Filter {
  from?: string;
  to?: string;
  kind?: string;
  q?: string;
  sort?: string;
}

const SEARCH = listSearch<Filter>({ from: isDay, to: isDay, kind: oneOf(["a", "b"]), q: textUpTo(5), sort: oneOf(["name", "date"]) }, { kept: ["sort"] });

describe("listSearch", () => {
  it("reads what the server takes from the address and drops the rest, so a hand-edited link never fails", () => {
    expect(SEARCH.read(new URLSearchParams("from=2026-03-01&to=March&kind=c&q=%20%20&sort=date&page=3&other=1"))).toEqual({ filter: { from: "2026-03-01", sort: "date" }, page: 3 });
    expect(SEARCH.read(new URLSearchParams("q=toolong&page=0")).page).toBe(1);
    expect(SEARCH.read(new URLSearchParams("page=2.5")).page).toBe(1);
    expect(SEARCH.read(new URLSearchParams("page=-1")).page).toBe(1);
  });

  it("writes the fields in one order and leaves the first page out", () => {
    expect(SEARCH.write({ sort: "name", q: "ann", from: "2026-03-01" }, 1).toString()).toBe("from=2026-03-01&q=ann&sort=name");
    expect(SEARCH.write({}, 4).toString()).toBe("page=4");
    expect(SEARCH.read(SEARCH.write({ kind: "b", q: "x y" }, 2))).toEqual({ filter: { kind: "b", q: "x y" }, page: 2 });
  });

  it("changes one field, removes one given empty, and clears the filters but not the order", () => {
    const filter: Filter = { kind: "a", q: "ann", sort: "name" };
    expect(SEARCH.apply(filter, { name: "kind", value: "b" })).toEqual({ kind: "b", q: "ann", sort: "name" });
    expect(SEARCH.apply(filter, { name: "q", value: "" })).toEqual({ kind: "a", sort: "name" });
    expect(SEARCH.apply(filter, { name: "kind", value: "nonsense" })).toEqual({ q: "ann", sort: "name" });
    expect(SEARCH.apply(filter, null)).toEqual({ sort: "name" });
    expect(SEARCH.isFiltered({ sort: "name" })).toBe(false);
    expect(SEARCH.isFiltered({ q: "a" })).toBe(true);
  });

  it("links the CSV of the same filter, with the page's language and no page", () => {
    expect(SEARCH.csvHref("/api/things/export.csv", { to: "2026-03-31", sort: "date" }, "sv")).toBe("/api/things/export.csv?to=2026-03-31&sort=date&lang=sv");
    expect(SEARCH.csvHref("/api/things/export.csv", {}, "en")).toBe("/api/things/export.csv?lang=en");
  });

  it("knows a day range written backwards", () => {
    expect(isBackwards("2026-03-02", "2026-03-01")).toBe(true);
    expect(isBackwards("2026-03-01", "2026-03-01")).toBe(false);
    expect(isBackwards(undefined, "2026-03-01")).toBe(false);
  });
});
