import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { CallLog } from "../../../shared/api/calls";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "../../components/ui/table";
import { useLocale } from "../../lib/use-locale";
import { CallAgainButton } from "./call-again-button";
import { CountryCell, NumberCell, QualityCell, RatingCell, StatusBadge } from "./call-cells";
import { formatDuration, formatExact, formatStart } from "./history-format";

// The page is already sorted, filtered and paged by the server: no table feature is needed.
const features = tableFeatures({});
const helper = createColumnHelper<typeof features, CallLog>();

/** Right-aligned in reading order (end), so figures line up in both directions. */
const FIGURE = "text-end tabular-nums whitespace-nowrap";

/** One page of calls as a table, for screens wide enough for ten columns. */
export function HistoryTable({ calls, onRate }: { calls: CallLog[]; onRate: (call: CallLog) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("toNumber", { id: "number", header: () => t("history.column.number"), cell: (info) => <NumberCell call={info.row.original} /> }),
        helper.accessor("countryCode", { id: "country", header: () => t("history.column.country"), cell: (info) => <CountryCell code={info.getValue()} /> }),
        helper.accessor("startedAt", {
          id: "start",
          header: () => t("history.column.start"),
          cell: (info) => (
            <time dateTime={info.getValue()} className="whitespace-nowrap">
              {formatStart(info.getValue(), locale)}
            </time>
          ),
        }),
        helper.accessor("durationSeconds", { id: "duration", header: () => t("history.column.duration"), cell: (info) => formatDuration(info.getValue(), locale), meta: { className: FIGURE } }),
        helper.accessor("ratePerMin", { id: "rate", header: () => t("history.column.rate"), cell: (info) => formatExact(info.getValue(), locale), meta: { className: FIGURE } }),
        helper.accessor("costUsd", { id: "cost", header: () => t("history.column.cost"), cell: (info) => formatExact(info.getValue(), locale), meta: { className: FIGURE } }),
        helper.accessor("status", { id: "status", header: () => t("history.column.status"), cell: (info) => <StatusBadge status={info.getValue()} /> }),
        helper.accessor("qualityRating", { id: "rating", header: () => t("history.column.rating"), cell: (info) => <RatingCell call={info.row.original} onRate={onRate} /> }),
        helper.accessor("quality", { id: "quality", header: () => t("history.column.quality"), cell: (info) => <QualityCell call={info.row.original} /> }),
        helper.display({
          id: "actions",
          header: () => <span className="sr-only">{t("history.column.actions")}</span>,
          cell: (info) => <CallAgainButton call={info.row.original} />,
        }),
      ]),
    [t, locale, onRate],
  );
  const table = useTable({ features, columns, data: calls, getRowId: (call) => call.id });
  const classOf = (meta: unknown) => (meta as { className?: string } | undefined)?.className;

  return (
    <Table label={t("history.table_label")}>
      <TableHead>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id}>
            {group.headers.map((header) => (
              <TableHeaderCell key={header.id} className={classOf(header.column.columnDef.meta)}>
                {header.isPlaceholder ? null : <table.FlexRender header={header} />}
              </TableHeaderCell>
            ))}
          </TableRow>
        ))}
      </TableHead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <TableRow key={row.id}>
            {row.getAllCells().map((cell) => (
              <TableCell key={cell.id} className={classOf(cell.column.columnDef.meta)}>
                <table.FlexRender cell={cell} />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </tbody>
    </Table>
  );
}
