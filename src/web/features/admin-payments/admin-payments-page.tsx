import { ChevronLeft, ChevronRight, CreditCard } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AdminPayment, AdminPaymentsFilter, PaymentPeriod } from "../../../shared/api/admin-payments";
import { Button } from "../../components/ui/button";
import { PageSpinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { useMediaQuery } from "../../lib/use-media-query";
import { usePageTitle } from "../../lib/use-page-title";
import { apiErrorMessage } from "../../lib/api-error-message";
import { rangeIsBackwards, useAdminPayments } from "./admin-payments-api";
import { ADMIN_PAYMENTS_PREFIXES, useAdminPaymentsStrings } from "./admin-payments-strings";
import { PaymentFilters } from "./payment-filters";
import { PaymentTotalsSummary } from "./payment-totals";
import { PaymentsTable } from "./payments-table";
import { RefundDialog } from "./refund-dialog";
import { PAGE_WIDTH } from "../../components/ui/page-width";

/** Typing in the customer box asks the server once the typing pauses. */
const CUSTOMER_PAUSE_MS = 300;

/** /{lang}/admin-payments: every payment, filtered and totalled per period, with refunds through the provider. */
export function AdminPaymentsPage() {
  const { t, i18n } = useTranslation();
  useAdminPaymentsStrings();
  usePageTitle(t("admin_payments.title"));
  const [filter, setFilter] = useState<AdminPaymentsFilter>({});
  const [customerText, setCustomerText] = useState("");
  const [period, setPeriod] = useState<PaymentPeriod>("day");
  const [page, setPage] = useState(1);
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const onRefund = useCallback((payment: AdminPayment) => setRefunding(payment), []);
  const wide = useMediaQuery("(min-width: 1024px)");
  const number = new Intl.NumberFormat(i18n.language);

  useEffect(() => {
    const timer = setTimeout(() => {
      setFilter((current) => (current.customer === (customerText.trim() || undefined) ? current : { ...current, customer: customerText.trim() || undefined }));
      setPage(1);
    }, CUSTOMER_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [customerText]);

  const payments = useAdminPayments(filter, period, page);
  const data = payments.data;
  const backwards = rangeIsBackwards(filter);
  const filtered = Boolean(filter.status || filter.provider || filter.from || filter.to || filter.customer);

  const change = (name: "status" | "provider" | "from" | "to", value: string) => {
    setFilter((current) => ({ ...current, [name]: value || undefined }));
    setPage(1);
  };
  const clear = () => {
    setFilter({});
    setCustomerText("");
    setPage(1);
  };

  return (
    <main id="main" className={cn(PAGE_WIDTH, "space-y-6 py-10")}>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t("admin_payments.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("admin_payments.subtitle")}</p>
      </header>

      <PaymentFilters filter={filter} customerText={customerText} period={period} onChange={change} onCustomerText={setCustomerText} onPeriod={setPeriod} onClear={clear} />

      {payments.isPending && !backwards ? <PageSpinner /> : null}
      {payments.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl bg-red-50 p-4 text-red-800">
          <p>
            {t("admin_payments.load_error")} {apiErrorMessage(t, payments.error)}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void payments.refetch()}>
            {t("admin_payments.retry")}
          </Button>
        </div>
      ) : null}

      {data ? <PaymentTotalsSummary totals={data.totals} periods={data.periods} period={period} /> : null}

      {data && data.totals.count === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-12 text-center shadow-sm ring-1 ring-slate-200">
          <CreditCard aria-hidden="true" className="size-10 text-slate-400" />
          <p className="text-lg font-medium text-slate-900">{filtered ? t("admin_payments.no_matches") : t("admin_payments.empty")}</p>
          {filtered ? (
            <Button variant="secondary" onClick={clear}>
              {t("admin_payments.clear_filters")}
            </Button>
          ) : null}
        </div>
      ) : null}

      {data && data.payments.length === 0 && data.totals.count > 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-10 text-center shadow-sm ring-1 ring-slate-200">
          <p className="text-slate-700">{t("admin_payments.page_past_end")}</p>
          <Button variant="secondary" onClick={() => setPage(1)}>
            {t("admin_payments.first_page")}
          </Button>
        </div>
      ) : null}

      {data && data.payments.length > 0 ? (
        <section className={cn("space-y-3 transition-opacity", payments.isPlaceholderData && "opacity-60")} aria-busy={payments.isFetching} aria-label={t("admin_payments.list_label")}>
          <PaymentsTable payments={data.payments} onRefund={onRefund} wide={wide} />
          <nav aria-label={t("admin_payments.pagination")} className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-600" aria-live="polite">
              {t("admin_payments.page_status", { page: number.format(data.page), pages: number.format(data.pageCount) })}
            </p>
            <div className="flex gap-2">
              <Button variant="secondary" size="sm" onClick={() => setPage(data.page - 1)} disabled={data.page <= 1}>
                <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
                {t("admin_payments.previous_page")}
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setPage(data.page + 1)} disabled={data.page >= data.pageCount}>
                {t("admin_payments.next_page")}
                <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
              </Button>
            </div>
          </nav>
        </section>
      ) : null}

      <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />
    </main>
  );
}

export default AdminPaymentsPage;

/** The strings this page waits for (app/page-routes.tsx). */
export const pageStrings = ADMIN_PAYMENTS_PREFIXES;
