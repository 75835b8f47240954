import { describe, expect, it } from "vitest";
import { MAX_PAGE, MAX_PAGE_SIZE, pageCountOf, pageOf, pageWindow, pagingQuery } from "./paging";

describe("pageWindow", () => {
  it("reads the rows of the asked page: page 3 of 25 starts after 50 rows", () => {
    expect(pageWindow({ page: 3 }, 25)).toEqual({ page: 3, pageSize: 25, limit: 25, offset: 50 });
    expect(pageWindow({ page: 1, pageSize: 10 }, 25)).toEqual({ page: 1, pageSize: 10, limit: 10, offset: 0 });
  });

  it("holds the page between 1 and the last allowed page, and a missing or broken page is the first", () => {
    expect(pageWindow({ page: 0 }, 20).page).toBe(1);
    expect(pageWindow({ page: -4 }, 20).offset).toBe(0);
    expect(pageWindow({}, 20).page).toBe(1);
    expect(pageWindow({ page: Number.NaN }, 20).page).toBe(1);
    expect(pageWindow({ page: 2.7 }, 20).page).toBe(2);
    expect(pageWindow({ page: 10_000_000 }, 20)).toEqual({ page: 100_000, pageSize: 20, limit: 20, offset: 99_999 * 20 });
  });

  it("holds the size between 1 and 100 rows, the list's own size when none is asked", () => {
    expect(pageWindow({ pageSize: 0 }, 25).pageSize).toBe(1);
    expect(pageWindow({ pageSize: 5000 }, 25)).toMatchObject({ pageSize: 100, limit: 100 });
    expect(pageWindow({ pageSize: 100 }, 25).pageSize).toBe(100);
    expect(pageWindow({ pageSize: 101 }, 25).pageSize).toBe(100);
    expect(pageWindow({}, 50).pageSize).toBe(50);
  });
});

describe("pageOf", () => {
  it("counts whole pages: 25 rows in 25 is one page, 26 is two", () => {
    expect(pageOf(pageWindow({}, 25), 25)).toEqual({ page: 1, pageCount: 1 });
    expect(pageOf(pageWindow({}, 25), 26)).toEqual({ page: 1, pageCount: 2 });
    expect(pageCountOf(101, 20)).toBe(6);
  });

  it("answers no rows as one empty page", () => {
    expect(pageOf(pageWindow({ page: 1 }, 20), 0)).toEqual({ page: 1, pageCount: 1 });
  });

  it("keeps a page past the end as asked, so the list can offer the first page", () => {
    expect(pageOf(pageWindow({ page: 9 }, 20), 41)).toEqual({ page: 9, pageCount: 3 });
  });
});

describe("pagingQuery", () => {
  const query = pagingQuery(25);

  it("reads the address's text as numbers, with the first page and the list's size by default", () => {
    expect(query.parse({})).toEqual({ page: 1, pageSize: 25 });
    expect(query.parse({ page: "4", pageSize: "10" })).toEqual({ page: 4, pageSize: 10 });
  });

  it("refuses a page or size out of bounds rather than guessing (a 400 at the endpoint)", () => {
    expect(query.safeParse({ page: "0" }).success).toBe(false);
    expect(query.safeParse({ page: String(MAX_PAGE + 1) }).success).toBe(false);
    expect(query.safeParse({ pageSize: String(MAX_PAGE_SIZE + 1) }).success).toBe(false);
    expect(query.safeParse({ pageSize: "0" }).success).toBe(false);
    expect(query.safeParse({ page: "2.5" }).success).toBe(false);
  });
});
