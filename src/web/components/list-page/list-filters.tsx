import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { isBackwards } from "./list-search";

/** The look of a list filter's drop-down, beside the inputs. */
export const FILTER_SELECT =
  "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/40";

/**
 * A list's filters as one search form: the page's fields in its grid, Clear filters while any
 * filter is set, and the message of a day range written backwards (DayRangeFields). A form
 * with typed fields applied on Enter passes `onSubmit`.
 */
export function ListFilters({
  label,
  gridClassName,
  filtered,
  onClear,
  backwards = false,
  id,
  onSubmit,
  extraButtons,
  children,
}: {
  label: string;
  gridClassName: string;
  filtered: boolean;
  onClear: () => void;
  /** Whether the day range is written backwards (DayRangeFields with the same `id`); a list without days leaves it out. */
  backwards?: boolean;
  /** The form's id, as DayRangeFields was given it. */
  id: string;
  onSubmit?: () => void;
  /** Buttons before Clear filters (an Apply for typed fields). */
  extraButtons?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <form role="search" aria-label={label} className="space-y-2" onSubmit={submit}>
      <div className={gridClassName}>
        {children}
        {extraButtons || filtered ? (
          <div className="flex items-end gap-2">
            {extraButtons}
            {filtered ? (
              <Button variant="ghost" className="h-11" onClick={onClear}>
                {t("list.clear_filters")}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {backwards ? (
        <p id={`${id}-range`} role="alert" className="text-sm text-red-700">
          {t("list.range_backwards")}
        </p>
      ) : null}
    </form>
  );
}

const LABEL = "block text-sm font-medium text-slate-800";

/** From and to UTC days; a range written backwards marks both and points them to its message (`rangeId`). */
export function DayRangeFields({
  id,
  from,
  to,
  onChange,
}: {
  /** The form's id: the inputs are `<id>-from` and `<id>-to`, the message `<id>-range`. */
  id: string;
  from: string | undefined;
  to: string | undefined;
  onChange: (name: "from" | "to", value: string) => void;
}) {
  const { t } = useTranslation();
  const backwards = isBackwards(from, to);
  const marks = { "aria-invalid": backwards || undefined, "aria-describedby": backwards ? `${id}-range` : undefined };
  return (
    <>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-from`} className={LABEL}>
          {t("list.filter_from")}
        </label>
        <Input id={`${id}-from`} type="date" value={from ?? ""} max={to} onChange={(event) => onChange("from", event.target.value)} {...marks} />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-to`} className={LABEL}>
          {t("list.filter_to")}
        </label>
        <Input id={`${id}-to`} type="date" value={to ?? ""} min={from} onChange={(event) => onChange("to", event.target.value)} {...marks} />
      </div>
    </>
  );
}

/**
 * A filter chosen from a list of values, "any" first (its own words: "All statuses", "Any").
 * `anyLabel` null leaves no "any" (a choice that always has a value, as a totals period).
 */
export function ChoiceFilter({
  id,
  label,
  anyLabel,
  value,
  choices,
  onChange,
}: {
  id: string;
  label: string;
  anyLabel: string | null;
  value: string;
  choices: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <select id={id} className={FILTER_SELECT} value={value} onChange={(event) => onChange(event.target.value)}>
        {anyLabel === null ? null : <option value="">{anyLabel}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
