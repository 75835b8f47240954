import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderAt } from "../../test/render-with-app";
import { ListPager } from "./list-pager";
import { ListResults, type ListQuery } from "./list-results";

type Page = { rows: string[]; page: number; pageCount: number; total: number };

const answered = (data: Page, extra: Partial<ListQuery<Page>> = {}): ListQuery<Page> => ({
  data,
  error: null,
  isPending: false,
  isError: false,
  isFetching: false,
  isPlaceholderData: false,
  refetch: vi.fn(),
  ...extra,
});

function Results({ query, filtered = false, onPage = vi.fn(), onClear = vi.fn() }: { query: ListQuery<Page>; filtered?: boolean; onPage?: (page: number) => void; onClear?: () => void }) {
  return (
    <ListResults
      query={query}
      total={(data) => data.total}
      rows={(data) => data.rows.length}
      loadError="The fruit could not be loaded."
      filtered={filtered}
      onClearFilters={onClear}
      empty={<p>No fruit yet.</p>}
      noMatches="No fruit matches."
      pagerLabel="Pages of fruit"
      onPage={onPage}
    >
      {(data) => (
        <ul aria-label="Fruit">
          {data.rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </ListResults>
  );
}

describe("ListPager", () => {
  it("names the list it pages, says where the reader is and moves one page either way", () => {
    const onChange = vi.fn();
    renderAt(<ListPager label="Pages of fruit" page={2} pageCount={3} onChange={onChange} />);
    const pager = screen.getByRole("navigation", { name: "Pages of fruit" });
    expect(within(pager).getByText("Page 2 of 3")).toBeTruthy();
    fireEvent.click(within(pager).getByRole("button", { name: "Previous" }));
    fireEvent.click(within(pager).getByRole("button", { name: "Next" }));
    expect(onChange.mock.calls).toEqual([[1], [3]]);
  });

  it("cannot go before the first page or past the last", () => {
    const { unmount } = renderAt(<ListPager label="Pages" page={1} pageCount={1} onChange={vi.fn()} />);
    expect((screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);
    unmount();
    renderAt(<ListPager label="Pages" page={3} pageCount={3} onChange={vi.fn()} />);
    expect((screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("writes the numbers as the reader's language does", () => {
    // A German reader (the tests hold English words): a thousands point.
    renderAt(<ListPager label="Pages" page={2} pageCount={1200} onChange={vi.fn()} />, { path: "/de/test" });
    expect(screen.getByText("Page 2 of 1.200")).toBeTruthy();
  });
});

describe("ListResults", () => {
  it("shows the rows with one pager under them", () => {
    renderAt(<Results query={answered({ rows: ["Apple", "Banana"], page: 1, pageCount: 2, total: 3 })} />);
    expect(within(screen.getByRole("list", { name: "Fruit" })).getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getAllByRole("navigation")).toHaveLength(1);
    expect(screen.getByText("Page 1 of 2")).toBeTruthy();
  });

  it("tells nothing yet apart from a filter that finds nothing, which it offers to clear", () => {
    const empty = { rows: [], page: 1, pageCount: 1, total: 0 };
    const { unmount } = renderAt(<Results query={answered(empty)} />);
    expect(screen.getByText("No fruit yet.")).toBeTruthy();
    expect(screen.queryByRole("navigation")).toBeNull();
    expect(screen.queryByRole("button", { name: "Clear filters" })).toBeNull();
    unmount();
    const onClear = vi.fn();
    renderAt(<Results query={answered(empty)} filtered onClear={onClear} />);
    expect(screen.getByText("No fruit matches.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it("offers the first page on a page past the end, without a pager", () => {
    const onPage = vi.fn();
    renderAt(<Results query={answered({ rows: [], page: 9, pageCount: 2, total: 30 })} onPage={onPage} />);
    expect(screen.getByText("This page is past the end of the list.")).toBeTruthy();
    expect(screen.queryByRole("navigation")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Go to the first page" }));
    expect(onPage).toHaveBeenCalledWith(1);
  });

  it("says why the list failed and tries again; a spinner only while asking", () => {
    const refetch = vi.fn();
    const failed: ListQuery<Page> = { data: undefined, error: new Error("offline"), isPending: false, isError: true, isFetching: false, isPlaceholderData: false, refetch };
    const { unmount } = renderAt(<Results query={failed} />);
    expect(screen.getByRole("alert").textContent).toContain("The fruit could not be loaded.");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(refetch).toHaveBeenCalledOnce();
    unmount();
    renderAt(<Results query={{ ...failed, isError: false, error: null, isPending: true }} />);
    expect(screen.getByRole("status")).toBeTruthy();
  });

  it("keeps the rows on screen, busy, while the next page loads", () => {
    renderAt(<Results query={answered({ rows: ["Apple"], page: 1, pageCount: 2, total: 2 }, { isFetching: true, isPlaceholderData: true })} />);
    expect(screen.getByRole("list", { name: "Fruit" }).parentElement?.getAttribute("aria-busy")).toBe("true");
  });
});
