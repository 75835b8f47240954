import type { Header, ReactTable, Row, RowData, TableFeatures } from "@tanstack/react-table";
import { Fragment, type ReactNode } from "react";
import { cn } from "../../lib/cn";
import { SortHeaderCell, type SortOrder } from "./sort-header-cell";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "./table";

/** The card a row becomes on a phone, as the lists of cards beside the tables already look. */
const CARD = "rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200";

export interface DataTableProps<TFeatures extends TableFeatures, TData extends RowData> {
  // The table's state is read through it, not subscribed to: any selected state will do.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  table: ReactTable<TFeatures, TData, any>;
  /** Names the table (a scrollable region) and, on phones, the list of cards. */
  label: string;
  /** Shown instead of the table when it has no rows. */
  empty?: ReactNode;
  /** While the rows reload (aria-busy), so assistive technology waits for the new ones. */
  busy?: boolean;
  /** False on screens too narrow for the columns: each row is then drawn by `card`. */
  wide?: boolean;
  card?: (row: Row<TFeatures, TData>) => ReactNode;
  cardClassName?: (row: Row<TFeatures, TData>) => string | undefined;
  rowClassName?: (row: Row<TFeatures, TData>) => string | undefined;
  /** A full-width row under a row (its history, say), or null for none. */
  rowDetails?: (row: Row<TFeatures, TData>) => ReactNode;
}

/**
 * A TanStack table drawn with the table pieces: one header cell a column (a sort button where the
 * column sorts), one row a record. A column's `meta.className` styles its header and its cells alike,
 * so figures line up under their heading.
 */
export function DataTable<TFeatures extends TableFeatures, TData extends RowData>({
  table,
  label,
  empty,
  busy,
  wide = true,
  card,
  cardClassName,
  rowClassName,
  rowDetails,
}: DataTableProps<TFeatures, TData>) {
  const rows = table.getRowModel().rows;
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;

  if (!wide && card) {
    return (
      <ul aria-label={label} aria-busy={busy} className="space-y-3">
        {rows.map((row) => (
          <li key={row.id} className={cn(CARD, cardClassName?.(row))}>
            {card(row)}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Table label={label} aria-busy={busy}>
      <TableHead>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id}>
            {group.headers.map((header) => (
              <HeaderCell key={header.id} header={header} table={table} />
            ))}
          </TableRow>
        ))}
      </TableHead>
      <tbody>
        {rows.map((row) => {
          const cells = row.getAllCells();
          const details = rowDetails?.(row);
          return (
            <Fragment key={row.id}>
              <TableRow className={rowClassName?.(row)}>
                {cells.map((cell) => (
                  <TableCell key={cell.id} className={classOf(cell.column.columnDef.meta)}>
                    <table.FlexRender cell={cell} />
                  </TableCell>
                ))}
              </TableRow>
              {details ? (
                <TableRow className="bg-slate-50">
                  <TableCell colSpan={cells.length} className="ps-8">
                    {details}
                  </TableCell>
                </TableRow>
              ) : null}
            </Fragment>
          );
        })}
      </tbody>
    </Table>
  );
}

/** The sorting a column has when the table sorts (rowSortingFeature); a table without it has none. */
interface SortingColumn {
  getCanSort?: () => boolean;
  getIsSorted?: () => SortOrder;
  getToggleSortingHandler?: () => ((event: unknown) => void) | undefined;
}

function HeaderCell<TFeatures extends TableFeatures, TData extends RowData>({
  header,
  table,
}: {
  header: Header<TFeatures, TData, unknown>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  table: ReactTable<TFeatures, TData, any>;
}) {
  const className = classOf(header.column.columnDef.meta);
  if (header.isPlaceholder) return <TableHeaderCell className={className} />;
  const column = header.column as SortingColumn;
  if (!column.getCanSort?.()) {
    return (
      <TableHeaderCell className={className}>
        <table.FlexRender header={header} />
      </TableHeaderCell>
    );
  }
  return (
    <SortHeaderCell className={className} sorted={column.getIsSorted?.() ?? false} onSort={column.getToggleSortingHandler?.()}>
      <table.FlexRender header={header} />
    </SortHeaderCell>
  );
}

function classOf(meta: unknown): string | undefined {
  return (meta as { className?: string } | undefined)?.className;
}
