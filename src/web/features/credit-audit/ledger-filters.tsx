import { useId, useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { LEDGER_KINDS, type LedgerKind } from "../../../shared/api/credits";
import type { CreditLedgerFilter } from "../../../shared/api/credit-audit";
import { ChoiceFilter, DayRangeFields, ListFilters } from "../../components/list-page/list-filters";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { LEDGER_SEARCH, rangeIsBackwards } from "./credit-audit-api";

const LABEL = "block text-sm font-medium text-slate-800";

/**
 * Customer, kind, days and reference. Choices apply at once; the typed fields apply when the
 * form is submitted (Enter or the button), so a half-typed email does not fire a query per key.
 * A filter changed from outside (cleared, back button) is shown by a new form (its key).
 */
export function LedgerFilters({ filter, onChange, onClear }: { filter: CreditLedgerFilter; onChange: (change: Partial<CreditLedgerFilter>) => void; onClear: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState(filter.email ?? "");
  const [reference, setReference] = useState(filter.reference ?? "");

  return (
    <ListFilters
      id={id}
      label={t("credit_audit.filters_label")}
      gridClassName="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,14rem)_minmax(0,11rem)_repeat(2,minmax(0,10rem))_minmax(0,12rem)_auto] lg:items-end"
      filtered={LEDGER_SEARCH.isFiltered(filter)}
      onClear={onClear}
      backwards={rangeIsBackwards(filter)}
      onSubmit={() => onChange({ email: email.trim().toLowerCase(), reference: reference.trim() })}
      extraButtons={
        <Button type="submit" variant="secondary" className="h-11">
          {t("credit_audit.apply_filters")}
        </Button>
      }
    >
      <div className="space-y-1.5">
        <label htmlFor={`${id}-email`} className={LABEL}>
          {t("credit_audit.filter_email")}
        </label>
        <Input id={`${id}-email`} type="search" inputMode="email" dir="ltr" value={email} onChange={(event) => setEmail(event.target.value)} />
      </div>
      <ChoiceFilter
        id={`${id}-kind`}
        label={t("credit_audit.filter_kind")}
        anyLabel={t("credit_audit.filter_any_kind")}
        value={filter.kind ?? ""}
        choices={LEDGER_KINDS.map((kind) => ({ value: kind, label: t(`credit_audit.kind.${kind}`) }))}
        onChange={(value) => onChange({ kind: (value || undefined) as LedgerKind | undefined })}
      />
      <DayRangeFields id={id} from={filter.from} to={filter.to} onChange={(name, value) => onChange({ [name]: value })} />
      <div className="space-y-1.5">
        <label htmlFor={`${id}-reference`} className={LABEL}>
          {t("credit_audit.filter_reference")}
        </label>
        <Input id={`${id}-reference`} type="search" dir="ltr" value={reference} onChange={(event) => setReference(event.target.value)} />
      </div>
    </ListFilters>
  );
}
