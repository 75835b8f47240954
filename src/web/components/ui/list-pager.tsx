import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "./button";

/** The words a pager shows, in the page's own strings ("Page 2 of 7", "Previous", "Next"). */
export interface ListPagerWords {
  /** Names the navigation region. */
  label: string;
  status: string;
  previous: string;
  next: string;
}

/**
 * Previous / next with "page x of y" under a list page's table, the pages counted by the server.
 * The chevrons point the reading direction in Arabic too. The admin calls, payments, credit audit
 * and rates pages each draw the same pager with their own words and could use this one.
 */
export function ListPager({ page, pageCount, onPage, words }: { page: number; pageCount: number; onPage: (page: number) => void; words: ListPagerWords }) {
  return (
    <nav aria-label={words.label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        {words.status}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
          {words.previous}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pageCount}>
          {words.next}
          <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
        </Button>
      </div>
    </nav>
  );
}
