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
import { qualityGrade } from "../../../shared/calls/quality-grade";
import { formatDuration, formatExact, formatStartParts } from "../../lib/call-log-format";

// The page is already sorted, filtered and paged by the server: no table feature is needed.
const features = tableFeatures({});
const helper = createColumnHelper<typeof features, CallLog>();

/** Right-aligned in reading order (end), so figures line up in both directions. */
const FIGURE = "text-end tabular-nums whitespace-nowrap";

/**
 * A heading that may wrap between its words ("Rate per / minute"): table headings do not by default,
 * and ten of them side by side are wider than the page's 1120 px in most languages.
 */
const Heading = ({ children }: { children: string }) => <span className="whitespace-normal">{children}</span>;

/** When a call started: its day over its time, so the column is as narrow as the day. */
function StartCell({ iso, locale }: { iso: string; locale: string }) {
  const { day, time } = formatStartParts(iso, locale);
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {day}
      <span className="block text-slate-500">{time}</span>
    </time>
  );
}

/** The customer's stars or Rate button, and under them the measured quality when there is one. */
function RatingAndQuality({ call, onRate }: { call: CallLog; onRate: (call: CallLog) => void }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <RatingCell call={call} onRate={onRate} />
      {qualityGrade(call.quality) ? <QualityCell call={call} /> : null}
    </div>
  );
}

/** One page of calls: a table on screens wide enough for ten columns (within the page's 1120 px at 1280), cards on phones. */
export function HistoryTable({ calls, onRate, wide }: { calls: CallLog[]; onRate: (call: CallLog) => void; wide: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("toNumber", { id: "number", header: () => <Heading>{t("history.column.number")}</Heading>, cell: (info) => <NumberCell call={info.row.original} /> }),
        helper.accessor("countryCode", { id: "country", header: () => <Heading>{t("history.column.country")}</Heading>, cell: (info) => <CountryCell code={info.getValue()} /> }),
        helper.accessor("startedAt", {
          id: "start",
          header: () => <Heading>{t("history.column.start")}</Heading>,
          cell: (info) => <StartCell iso={info.getValue()} locale={locale} />,
        }),
        helper.accessor("durationSeconds", { id: "duration", header: () => <Heading>{t("history.column.duration")}</Heading>, cell: (info) => formatDuration(info.getValue(), locale), meta: { className: FIGURE } }),
        helper.accessor("ratePerMin", { id: "rate", header: () => <Heading>{t("history.column.rate")}</Heading>, cell: (info) => formatExact(info.getValue(), locale), meta: { className: FIGURE } }),
        helper.accessor("costUsd", { id: "cost", header: () => <Heading>{t("history.column.cost")}</Heading>, cell: (info) => <CostCell call={info.row.original} />, meta: { className: FIGURE } }),
        helper.accessor("status", { id: "status", header: () => <Heading>{t("history.column.status")}</Heading>, cell: (info) => <StatusBadge call={info.row.original} /> }),
        // The customer's rating over the measured quality: one column about how the call sounded, so the ten facts fit in 1120 px.
        helper.accessor("qualityRating", {
          id: "rating",
          header: () => (
            <>
              <Heading>{t("history.column.rating")}</Heading>
              <span className="block whitespace-normal font-normal">{t("history.column.quality")}</span>
            </>
          ),
          cell: (info) => <RatingAndQuality call={info.row.original} onRate={onRate} />,
        }),
        helper.display({
          id: "actions",
          header: () => <span className="sr-only">{t("history.column.actions")}</span>,
          cell: (info) => <CallAgainButton call={info.row.original} iconOnly className="w-8 px-0" />,
        }),
      ]),
    [t, locale, onRate],
  );
  const table = useTable({ features, columns, data: calls, getRowId: (call) => call.id });
  return <DataTable table={table} label={t("history.table_label")} wide={wide} card={(row) => <HistoryCard call={row.original} onRate={onRate} />} />;
}
