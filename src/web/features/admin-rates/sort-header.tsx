import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { AdminRateSort } from "../../../shared/api/admin-rates";
import { TableHeaderCell } from "../../components/ui/table";

export interface SortState {
  sort: AdminRateSort;
  dir: "asc" | "desc";
}

/** A column header that sorts by its column; a second press reverses the order. aria-sort tells screen readers. */
export function SortHeader({ column, label, state, onSort, className }: { column: AdminRateSort; label: string; state: SortState; onSort: (next: SortState) => void; className?: string }) {
  const { t } = useTranslation();
  const active = state.sort === column;
  const Icon = !active ? ArrowUpDown : state.dir === "asc" ? ArrowUp : ArrowDown;
  return (
    <TableHeaderCell aria-sort={active ? (state.dir === "asc" ? "ascending" : "descending") : "none"} className={className}>
      <button
        type="button"
        onClick={() => onSort({ sort: column, dir: active && state.dir === "asc" ? "desc" : "asc" })}
        className="inline-flex items-center gap-1 rounded uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        aria-label={t("admin_rates.sort_by", { column: label })}
      >
        {label}
        <Icon aria-hidden="true" className={active ? "size-3.5 text-brand-700" : "size-3.5 text-slate-400"} />
      </button>
    </TableHeaderCell>
  );
}
