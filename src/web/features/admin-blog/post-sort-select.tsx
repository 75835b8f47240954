import type { SortingState } from "@tanstack/react-table";
import { useId } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { SORTABLE_COLUMNS } from "./use-posts-table";

/** Every order the table's headers can give, as "<column>:<asc|desc>". */
const ORDERS = SORTABLE_COLUMNS.flatMap((column) => [`${column}:asc`, `${column}:desc`]);

/** On a phone, where there are no column headers to click: the same orders as a menu. */
export function PostSortSelect({ sorting, onChange }: { sorting: SortingState; onChange: (sorting: SortingState) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const current = sorting[0];
  const value = current === undefined ? "date:desc" : `${current.id}:${current.desc ? "desc" : "asc"}`;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t("blog.admin.sort_by")}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const [column = "date", direction] = event.target.value.split(":");
          onChange([{ id: column, desc: direction === "desc" }]);
        }}
        className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {ORDERS.map((order) => (
          <option key={order} value={order}>
            {t(`blog.admin.sort.${order.replace(":", "_")}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
