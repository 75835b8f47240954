import { useId, useMemo } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { PAYMENT_PERIODS, type PaymentPeriod } from "../../../shared/api/admin-payments";
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from "../../../shared/api/payments";
import { ChoiceFilter, DayRangeFields, ListFilters } from "../../components/list-page/list-filters";
import type { FilterChange } from "../../components/list-page/list-search";
import { TextFilter } from "../../components/ui/text-filter";
import { ADMIN_PAYMENTS_SEARCH, rangeIsBackwards, type AdminPaymentsView } from "./admin-payments-api";

/** Part of the customer's email, status, provider, UTC days and the totals' period; each change applies at once (the email after a pause in typing). */
export function PaymentFilters({ view, onChange }: { view: AdminPaymentsView; onChange: (change: FilterChange<AdminPaymentsView>) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const set = (name: keyof AdminPaymentsView & string, value: string) => onChange({ name, value });
  const commitCustomer = useMemo(() => (value: string) => onChange({ name: "customer", value }), [onChange]);
  const period: PaymentPeriod = view.period ?? "day";

  return (
    <ListFilters
      id={id}
      label={t("admin_payments.filters_label")}
      gridClassName="grid grid-cols-2 items-end gap-3 lg:grid-cols-[minmax(0,16rem)_repeat(5,minmax(0,10rem))_auto]"
      filtered={ADMIN_PAYMENTS_SEARCH.isFiltered(view)}
      onClear={() => onChange(null)}
      backwards={rangeIsBackwards(view)}
    >
      <div className="col-span-2 lg:col-span-1">
        <TextFilter id={`${id}-customer`} label={t("admin_payments.filter_customer")} hint={t("admin_payments.filter_customer_placeholder")} value={view.customer ?? ""} type="search" dir="ltr" onCommit={commitCustomer} />
      </div>
      <ChoiceFilter
        id={`${id}-status`}
        label={t("admin_payments.filter_status")}
        anyLabel={t("admin_payments.filter_any_status")}
        value={view.status ?? ""}
        choices={PAYMENT_STATUSES.map((status) => ({ value: status, label: t(`admin_payments.status.${status}`) }))}
        onChange={(value) => set("status", value)}
      />
      <ChoiceFilter
        id={`${id}-provider`}
        label={t("admin_payments.filter_provider")}
        anyLabel={t("admin_payments.filter_any_provider")}
        value={view.provider ?? ""}
        choices={PAYMENT_PROVIDERS.map((provider) => ({ value: provider, label: t(`admin_payments.provider.${provider}`) }))}
        onChange={(value) => set("provider", value)}
      />
      <DayRangeFields id={id} from={view.from} to={view.to} onChange={set} />
      <ChoiceFilter
        id={`${id}-period`}
        label={t("admin_payments.filter_period")}
        anyLabel={null}
        value={period}
        choices={PAYMENT_PERIODS.map((value) => ({ value, label: t(`admin_payments.period.${value}`) }))}
        // The day is the default: the address leaves it out.
        onChange={(value) => set("period", value === "day" ? "" : value)}
      />
    </ListFilters>
  );
}
