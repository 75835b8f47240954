import { useTranslation } from "../lib/i18n/use-translation";
import { CALL_STATUSES } from "../../shared/api/calls";
import { statusKey } from "./call-log-cells";
import { ChoiceFilter } from "./list-page/list-filters";

/** A call's outcome as the history words it; the calls page filters by it too. */
export function CallStatusFilter({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <ChoiceFilter
      id={id}
      label={t("history.filter_status")}
      anyLabel={t("history.filter_any_status")}
      value={value}
      choices={CALL_STATUSES.map((status) => ({ value: status, label: t(statusKey(status)) }))}
      onChange={onChange}
    />
  );
}
