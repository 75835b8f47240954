import { useId } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { DayRangeFields, ListFilters } from "../../components/list-page/list-filters";
import type { FilterChange } from "../../components/list-page/list-search";
import { CallStatusFilter } from "../../components/call-status-filter";
import { HISTORY_SEARCH, rangeIsBackwards, type HistoryFilter } from "./history-api";

/** From and to days, a status, and a way back to everything; each change applies at once. */
export function HistoryFilters({ filter, onChange }: { filter: HistoryFilter; onChange: (change: FilterChange<HistoryFilter>) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const set = (name: keyof HistoryFilter, value: string) => onChange({ name, value });

  return (
    <ListFilters
      id={id}
      label={t("history.filters_label")}
      gridClassName="grid gap-3 sm:grid-cols-[repeat(3,minmax(0,12rem))_auto] sm:items-end"
      filtered={HISTORY_SEARCH.isFiltered(filter)}
      onClear={() => onChange(null)}
      backwards={rangeIsBackwards(filter)}
    >
      <DayRangeFields id={id} from={filter.from} to={filter.to} onChange={set} />
      <CallStatusFilter id={`${id}-status`} value={filter.status ?? ""} onChange={(value) => set("status", value)} />
    </ListFilters>
  );
}
