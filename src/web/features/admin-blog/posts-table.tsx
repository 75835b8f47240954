import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "../../components/ui/table";
import type { PostsTable as PostsTableModel } from "./use-posts-table";

/**
 * The posts as a table for wide screens. Each sortable column's header is a button (click or Enter
 * to sort by it, again to reverse); the header cell says the current order to screen readers (aria-sort).
 */
export function PostsTable({ table }: { table: PostsTableModel }) {
  const { t } = useTranslation();
  return (
    <Table label={t("blog.admin.list_label")}>
      <TableHead>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id}>
            {group.headers.map((header) => {
              const sorted = header.column.getIsSorted();
              const canSort = header.column.getCanSort();
              const Icon = sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ArrowUpDown;
              return (
                <TableHeaderCell key={header.id} aria-sort={canSort ? (sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none") : undefined}>
                  {canSort ? (
                    <button
                      type="button"
                      onClick={header.column.getToggleSortingHandler()}
                      className="inline-flex items-center gap-1 rounded uppercase tracking-wide hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
                    >
                      <table.FlexRender header={header} />
                      <Icon aria-hidden="true" className={sorted ? "size-3.5 text-slate-900" : "size-3.5 text-slate-400"} />
                    </button>
                  ) : (
                    <table.FlexRender header={header} />
                  )}
                </TableHeaderCell>
              );
            })}
          </TableRow>
        ))}
      </TableHead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <TableRow key={row.id}>
            {row.getAllCells().map((cell) => (
              <TableCell key={cell.id} className={cell.column.id === "title" ? "min-w-64" : undefined}>
                <table.FlexRender cell={cell} />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </tbody>
    </Table>
  );
}
