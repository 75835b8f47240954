import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { AdminCall } from "../../../shared/api/admin-calls";
import { DataTable } from "../../components/ui/data-table";
import { useLocale } from "../../lib/use-locale";
import { CountryCell, NumberCell, QualityCell, StatusBadge } from "../../components/call-log-cells";
import { formatDuration, formatExact, formatStart } from "../../lib/call-log-format";
import { AdminCallCard } from "./admin-call-card";
import { CustomerCell, DetailsButton, MarginCell } from "./admin-call-cells";
import { formatOptionalExact } from "./admin-calls-format";

// The page is already filtered and paged by the server: no table feature is needed.
const features = tableFeatures({});
const helper = createColumnHelper<typeof features, AdminCall>();

/** Right-aligned in reading order (end), so figures line up in both directions. */
const FIGURE = "text-end tabular-nums whitespace-nowrap";

/** One page of every customer's calls: a table on screens wide enough for ten columns, cards on phones. */
export function AdminCallsTable({ calls, onOpen, wide }: { calls: AdminCall[]; onOpen: (callSid: string) => void; wide: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("startedAt", {
          id: "start",
          header: () => t("history.column.start"),
          cell: (info) => (
            <time dateTime={info.getValue()} className="whitespace-nowrap">
              {formatStart(info.getValue(), locale)}
            </time>
          ),
        }),
        helper.accessor("userEmail", { id: "customer", header: () => t("admin_calls.column.customer"), cell: (info) => <CustomerCell email={info.getValue()} /> }),
        // The country under the number: one column fewer, so every column fits a 1280 px screen.
        helper.accessor("toNumber", {
          id: "number",
          header: () => `${t("history.column.number")} · ${t("history.column.country")}`,
          cell: (info) => (
            <div className="space-y-0.5">
              <NumberCell call={info.row.original} />
              <div className="text-xs text-slate-600">
                <CountryCell code={info.row.original.countryCode} />
              </div>
            </div>
          ),
        }),
        helper.accessor("status", { id: "status", header: () => t("history.column.status"), cell: (info) => <StatusBadge call={info.row.original} /> }),
        helper.accessor("durationSeconds", { id: "duration", header: () => t("history.column.duration"), cell: (info) => formatDuration(info.getValue(), locale), meta: { className: FIGURE } }),
        helper.accessor("costUsd", { id: "cost", header: () => t("history.column.cost"), cell: (info) => formatExact(info.getValue(), locale), meta: { className: FIGURE } }),
        helper.accessor("carrierCostUsd", { id: "carrier", header: () => t("admin_calls.column.carrier_cost"), cell: (info) => formatOptionalExact(info.getValue(), locale), meta: { className: FIGURE } }),
        helper.accessor("marginUsd", { id: "margin", header: () => t("admin_calls.column.margin"), cell: (info) => <MarginCell call={info.row.original} locale={locale} />, meta: { className: FIGURE } }),
        helper.accessor("quality", { id: "quality", header: () => t("history.column.quality"), cell: (info) => <QualityCell call={info.row.original} /> }),
        helper.display({
          id: "details",
          header: () => <span className="sr-only">{t("admin_calls.column.details")}</span>,
          cell: (info) => <DetailsButton call={info.row.original} onOpen={onOpen} />,
        }),
      ]),
    [t, locale, onOpen],
  );
  const table = useTable({ features, columns, data: calls, getRowId: (call) => call.id });
  return <DataTable table={table} label={t("admin_calls.table_label")} wide={wide} card={(row) => <AdminCallCard call={row.original} onOpen={onOpen} />} />;
}
