import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LEDGER_KINDS, type LedgerKind } from "../../../shared/api/credits";
import type { CreditLedgerFilter } from "../../../shared/api/credit-audit";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { rangeIsBackwards } from "./credit-audit-api";

const SELECT = "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/40";

/**
 * Customer, kind, days and reference. Choices apply at once; the typed fields apply when the
 * form is submitted (Enter or the button), so a half-typed email does not fire a query per key.
 */
export function LedgerFilters({ filter, onChange }: { filter: CreditLedgerFilter; onChange: (filter: CreditLedgerFilter) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState(filter.email ?? "");
  const [reference, setReference] = useState(filter.reference ?? "");
  const backwards = rangeIsBackwards(filter);
  const set = (change: Partial<CreditLedgerFilter>) => {
    const next: CreditLedgerFilter = { ...filter, ...change };
    for (const key of Object.keys(next) as (keyof CreditLedgerFilter)[]) if (!next[key]) delete next[key];
    onChange(next);
  };
  const filtered = Object.keys(filter).length > 0;

  return (
    <form
      role="search"
      aria-label={t("credit_audit.filters_label")}
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        set({ email: email.trim().toLowerCase(), reference: reference.trim() });
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,14rem)_minmax(0,11rem)_repeat(2,minmax(0,10rem))_minmax(0,12rem)_auto] lg:items-end">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-800">
            {t("credit_audit.filter_email")}
          </label>
          <Input id={`${id}-email`} type="search" inputMode="email" dir="ltr" value={email} onChange={(event) => setEmail(event.target.value)} />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-kind`} className="block text-sm font-medium text-slate-800">
            {t("credit_audit.filter_kind")}
          </label>
          <select id={`${id}-kind`} className={SELECT} value={filter.kind ?? ""} onChange={(event) => set({ kind: (event.target.value || undefined) as LedgerKind | undefined })}>
            <option value="">{t("credit_audit.filter_any_kind")}</option>
            {LEDGER_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`credit_audit.kind.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-from`} className="block text-sm font-medium text-slate-800">
            {t("credit_audit.filter_from")}
          </label>
          <Input
            id={`${id}-from`}
            type="date"
            value={filter.from ?? ""}
            max={filter.to}
            onChange={(event) => set({ from: event.target.value })}
            aria-invalid={backwards || undefined}
            aria-describedby={backwards ? `${id}-range` : undefined}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-to`} className="block text-sm font-medium text-slate-800">
            {t("credit_audit.filter_to")}
          </label>
          <Input
            id={`${id}-to`}
            type="date"
            value={filter.to ?? ""}
            min={filter.from}
            onChange={(event) => set({ to: event.target.value })}
            aria-invalid={backwards || undefined}
            aria-describedby={backwards ? `${id}-range` : undefined}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-reference`} className="block text-sm font-medium text-slate-800">
            {t("credit_audit.filter_reference")}
          </label>
          <Input id={`${id}-reference`} type="search" dir="ltr" value={reference} onChange={(event) => setReference(event.target.value)} />
        </div>
        <div className="flex gap-2">
          <Button type="submit" variant="secondary" className="h-11">
            {t("credit_audit.apply_filters")}
          </Button>
          {filtered ? (
            <Button
              variant="ghost"
              className="h-11"
              onClick={() => {
                setEmail("");
                setReference("");
                onChange({});
              }}
            >
              {t("credit_audit.clear_filters")}
            </Button>
          ) : null}
        </div>
      </div>
      {backwards ? (
        <p id={`${id}-range`} role="alert" className="text-sm text-red-700">
          {t("credit_audit.range_backwards")}
        </p>
      ) : null}
    </form>
  );
}
