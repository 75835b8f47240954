import { CostCell } from "./cost-cell";
import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { CallLog } from "../../../shared/api/calls";
import { DataTable } from "../../components/ui/data-table";
import { useLocale } from "../../lib/use-locale";
import { CallAgainButton } from "./call-again-button";
import { CountryCell, NumberCell, QualityCell, RatingCell, StatusBadge } from "../../components/call-log-cells";
import { HistoryCard } from "./history-card";
import { formatDuration, formatExact, formatStart } from "../../lib/call-log-format";

// The page is already sorted, filtered and paged by the server: no table feature is needed.
const features = tableFeatures({});
const helper = createColumnHelper<typeof features, CallLog>();

/** Right-aligned in reading order (end), so figures line up in both directions. */
const FIGURE = "text-end tabular-nums whitespace-nowrap";

/** One page of calls: a table on screens wide enough for ten columns, cards on phones. */
export function HistoryTable({ calls, onRate, wide }: { calls: CallLog[]; onRate: (call: CallLog) => void; wide: boolean }) {
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
        helper.accessor("costUsd", { id: "cost", header: () => t("history.column.cost"), cell: (info) => <CostCell call={info.row.original} />, meta: { className: FIGURE } }),
        helper.accessor("status", { id: "status", header: () => t("history.column.status"), cell: (info) => <StatusBadge call={info.row.original} /> }),
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
  return <DataTable table={table} label={t("history.table_label")} wide={wide} card={(row) => <HistoryCard call={row.original} onRate={onRate} />} />;
}
