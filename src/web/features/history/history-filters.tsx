import { useId } from "react";
import { useTranslation } from "react-i18next";
import { CALL_STATUSES, type CallStatus } from "../../../shared/api/calls";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { statusKey } from "../../components/call-log-cells";
import { rangeIsBackwards, type HistoryFilter } from "./history-api";

const SELECT = "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/40";

/** One field's new value ("" clears it), or null to clear them all. */
export type FilterChange = { name: keyof HistoryFilter; value: string } | null;

/** From and to days, a status, and a way back to everything; each change applies at once. */
export function HistoryFilters({ filter, onChange }: { filter: HistoryFilter; onChange: (change: FilterChange) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const backwards = rangeIsBackwards(filter);
  const set = (name: keyof HistoryFilter, value: string) => onChange({ name, value });
  const filtered = Boolean(filter.from || filter.to || filter.status);

  return (
    <form role="search" aria-label={t("history.filters_label")} className="space-y-2" onSubmit={(event) => event.preventDefault()}>
      <div className="grid gap-3 sm:grid-cols-[repeat(3,minmax(0,12rem))_auto] sm:items-end">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-from`} className="block text-sm font-medium text-slate-800">
            {t("history.filter_from")}
          </label>
          <Input
            id={`${id}-from`}
            type="date"
            value={filter.from ?? ""}
            max={filter.to}
            onChange={(event) => set("from", event.target.value)}
            aria-invalid={backwards || undefined}
            aria-describedby={backwards ? `${id}-range` : undefined}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-to`} className="block text-sm font-medium text-slate-800">
            {t("history.filter_to")}
          </label>
          <Input
            id={`${id}-to`}
            type="date"
            value={filter.to ?? ""}
            min={filter.from}
            onChange={(event) => set("to", event.target.value)}
            aria-invalid={backwards || undefined}
            aria-describedby={backwards ? `${id}-range` : undefined}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-status`} className="block text-sm font-medium text-slate-800">
            {t("history.filter_status")}
          </label>
          <select id={`${id}-status`} className={SELECT} value={filter.status ?? ""} onChange={(event) => set("status", event.target.value as CallStatus | "")}>
            <option value="">{t("history.filter_any_status")}</option>
            {CALL_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(statusKey(status))}
              </option>
            ))}
          </select>
        </div>
        {filtered ? (
          <Button variant="ghost" className="h-11" onClick={() => onChange(null)}>
            {t("history.clear_filters")}
          </Button>
        ) : null}
      </div>
      {backwards ? (
        <p id={`${id}-range`} role="alert" className="text-sm text-red-700">
          {t("history.range_backwards")}
        </p>
      ) : null}
    </form>
  );
}
