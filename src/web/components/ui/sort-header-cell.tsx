import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { MouseEvent, ReactNode } from "react";
import { cn } from "../../lib/cn";
import { TableHeaderCell } from "./table";

/** How a column sorts the rows now: not at all, or up or down. */
export type SortOrder = false | "asc" | "desc";

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

/**
 * A header cell for a column the rows sort by: a button (click or Enter to sort by it, again to
 * reverse), and the current order said to screen readers on the cell (aria-sort).
 */
export function SortHeaderCell({
  sorted,
  onSort,
  label,
  activeIconClassName = "text-slate-900",
  className,
  children,
}: {
  sorted: SortOrder;
  onSort: ((event: MouseEvent<HTMLButtonElement>) => void) | undefined;
  /** The button's name, where the heading alone would not say what a press does. */
  label?: string;
  activeIconClassName?: string;
  className?: string;
  children: ReactNode;
}) {
  const Icon = sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <TableHeaderCell className={className} aria-sort={sorted ? ARIA_SORT[sorted] : "none"}>
      <button
        type="button"
        onClick={onSort}
        aria-label={label}
        className="inline-flex items-center gap-1 rounded uppercase tracking-wide hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {children}
        <Icon aria-hidden="true" className={cn("size-3.5", sorted ? activeIconClassName : "text-slate-400")} />
      </button>
    </TableHeaderCell>
  );
}
