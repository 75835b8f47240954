import { useId } from "react";
import { useTranslation } from "react-i18next";
import { PAYMENT_PERIODS, type AdminPaymentsFilter, type PaymentPeriod } from "../../../shared/api/admin-payments";
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from "../../../shared/api/payments";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { rangeIsBackwards } from "./admin-payments-api";

const SELECT = "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/40";

/** Status, provider, UTC days and part of the customer's email; each change applies at once (the email after a pause in typing). */
export function PaymentFilters({
  filter,
  customerText,
  period,
  onChange,
  onCustomerText,
  onPeriod,
  onClear,
}: {
  filter: AdminPaymentsFilter;
  customerText: string;
  period: PaymentPeriod;
  onChange: (name: "status" | "provider" | "from" | "to", value: string) => void;
  onCustomerText: (text: string) => void;
  onPeriod: (period: PaymentPeriod) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const backwards = rangeIsBackwards(filter);
  const filtered = Boolean(filter.status || filter.provider || filter.from || filter.to || customerText.trim());

  return (
    <form role="search" aria-label={t("admin_payments.filters_label")} className="space-y-2" onSubmit={(event) => event.preventDefault()}>
      <div className="grid grid-cols-2 items-end gap-3 lg:grid-cols-[minmax(0,16rem)_repeat(5,minmax(0,10rem))_auto]">
        <div className="col-span-2 space-y-1.5 lg:col-span-1">
          <label htmlFor={`${id}-customer`} className="block text-sm font-medium text-slate-800">
            {t("admin_payments.filter_customer")}
          </label>
          <Input id={`${id}-customer`} type="search" inputMode="email" autoComplete="off" value={customerText} placeholder={t("admin_payments.filter_customer_placeholder")} onChange={(event) => onCustomerText(event.target.value)} />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-status`} className="block text-sm font-medium text-slate-800">
            {t("admin_payments.filter_status")}
          </label>
          <select id={`${id}-status`} className={SELECT} value={filter.status ?? ""} onChange={(event) => onChange("status", event.target.value)}>
            <option value="">{t("admin_payments.filter_any_status")}</option>
            {PAYMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`admin_payments.status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-provider`} className="block text-sm font-medium text-slate-800">
            {t("admin_payments.filter_provider")}
          </label>
          <select id={`${id}-provider`} className={SELECT} value={filter.provider ?? ""} onChange={(event) => onChange("provider", event.target.value)}>
            <option value="">{t("admin_payments.filter_any_provider")}</option>
            {PAYMENT_PROVIDERS.map((provider) => (
              <option key={provider} value={provider}>
                {t(`admin_payments.provider.${provider}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-from`} className="block text-sm font-medium text-slate-800">
            {t("admin_payments.filter_from")}
          </label>
          <Input id={`${id}-from`} type="date" value={filter.from ?? ""} max={filter.to} onChange={(event) => onChange("from", event.target.value)} aria-invalid={backwards || undefined} aria-describedby={backwards ? `${id}-range` : undefined} />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-to`} className="block text-sm font-medium text-slate-800">
            {t("admin_payments.filter_to")}
          </label>
          <Input id={`${id}-to`} type="date" value={filter.to ?? ""} min={filter.from} onChange={(event) => onChange("to", event.target.value)} aria-invalid={backwards || undefined} aria-describedby={backwards ? `${id}-range` : undefined} />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-period`} className="block text-sm font-medium text-slate-800">
            {t("admin_payments.filter_period")}
          </label>
          <select id={`${id}-period`} className={SELECT} value={period} onChange={(event) => onPeriod(event.target.value as PaymentPeriod)}>
            {PAYMENT_PERIODS.map((value) => (
              <option key={value} value={value}>
                {t(`admin_payments.period.${value}`)}
              </option>
            ))}
          </select>
        </div>
        {filtered ? (
          <Button variant="ghost" className="col-span-2 h-11 lg:col-span-1" onClick={onClear}>
            {t("admin_payments.clear_filters")}
          </Button>
        ) : null}
      </div>
      {backwards ? (
        <p id={`${id}-range`} role="alert" className="text-sm text-red-700">
          {t("admin_payments.range_backwards")}
        </p>
      ) : null}
    </form>
  );
}
