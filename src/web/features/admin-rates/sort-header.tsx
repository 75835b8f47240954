import { useTranslation } from "../../lib/i18n/use-translation";
import type { AdminRateSort } from "../../../shared/api/admin-rates";
import { SortHeaderCell } from "../../components/ui/sort-header-cell";

export interface SortState {
  sort: AdminRateSort;
  dir: "asc" | "desc";
}

/** A column header that sorts the server's list by its column; a second press reverses the order. */
export function SortHeader({ column, label, state, onSort, className }: { column: AdminRateSort; label: string; state: SortState; onSort: (next: SortState) => void; className?: string }) {
  const { t } = useTranslation();
  const active = state.sort === column;
  return (
    <SortHeaderCell
      sorted={active && state.dir}
      onSort={() => onSort({ sort: column, dir: active && state.dir === "asc" ? "desc" : "asc" })}
      label={t("admin_rates.sort_by", { column: label })}
      activeIconClassName="text-brand-700"
      className={className}
    >
      {label}
    </SortHeaderCell>
  );
}
