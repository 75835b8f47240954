import { z } from "zod";

/**
 * How every list endpoint pages (decision 042): the query's `page` and `pageSize`, and one
 * function that turns them and the number of matching rows into the rows to read and the
 * page count the answer carries. A page past the end is answered as asked, with no rows, so
 * the page can offer the first one; only the bounds below are enforced.
 */
export const MAX_PAGE = 100_000;
/** The most rows one page may ask for: a list page never draws more at once. */
export const MAX_PAGE_SIZE = 100;

/** The query's page (from 1) and size (each list's own default, at most MAX_PAGE_SIZE); a list's filter extends it. */
export function pagingQuery(defaultPageSize: number) {
  return z.object({
    page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultPageSize),
  });
}

/** The answer's half of paging, beside a list's rows. */
export const pagedAnswer = {
  page: z.number().int(),
  pageCount: z.number().int(),
};

/** What a caller asks for; either part may be missing (a customer's page asks for "the first page"). */
export interface PageRequest {
  page?: number;
  pageSize?: number;
}

/** The rows one page reads: `limit` rows from `offset`. */
export interface PageWindow {
  page: number;
  pageSize: number;
  limit: number;
  offset: number;
}

/** A whole number held between two bounds; anything not a number is the fallback. */
function clamp(value: number | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

/** The page and size held to their bounds (1…MAX_PAGE, 1…MAX_PAGE_SIZE), and where its rows start. */
export function pageWindow(request: PageRequest, defaultPageSize: number): PageWindow {
  const pageSize = clamp(request.pageSize, 1, MAX_PAGE_SIZE, clamp(defaultPageSize, 1, MAX_PAGE_SIZE, 1));
  const page = clamp(request.page, 1, MAX_PAGE, 1);
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

/** How many pages `total` rows fill; no rows is still one (empty) page. */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The answer's page and page count for a window over `total` matching rows. */
export function pageOf(window: PageWindow, total: number): { page: number; pageCount: number } {
  return { page: window.page, pageCount: pageCountOf(total, window.pageSize) };
}
