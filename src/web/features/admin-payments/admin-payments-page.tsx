import { CreditCard } from "lucide-react";
import { useCallback, useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { adminPaymentsCsvPath, type AdminPayment } from "../../../shared/api/admin-payments";
import { ListPageHeader } from "../../components/list-page/list-page-header";
import { ListResults } from "../../components/list-page/list-results";
import { useListSearch } from "../../components/list-page/list-search";
import { cn } from "../../lib/cn";
import { useLocale } from "../../lib/use-locale";
import { useMediaQuery } from "../../lib/use-media-query";
import { usePageTitle } from "../../lib/use-page-title";
import { ADMIN_PAYMENTS_SEARCH, rangeIsBackwards, useAdminPayments } from "./admin-payments-api";
import { ADMIN_PAYMENTS_PREFIXES, useAdminPaymentsStrings } from "./admin-payments-strings";
import { PaymentFilters } from "./payment-filters";
import { PaymentTotalsSummary } from "./payment-totals";
import { PaymentsTable } from "./payments-table";
import { RefundDialog } from "./refund-dialog";
import { PAGE_WIDTH } from "../../components/ui/page-width";

/** /{lang}/admin-payments: every payment, filtered and totalled per period, with refunds through the provider. */
export function AdminPaymentsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  useAdminPaymentsStrings();
  usePageTitle(t("admin_payments.title"));
  const { filter: view, page, change, changePage, filtered } = useListSearch(ADMIN_PAYMENTS_SEARCH);
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const onRefund = useCallback((payment: AdminPayment) => setRefunding(payment), []);
  const wide = useMediaQuery("(min-width: 1024px)");
  const payments = useAdminPayments(view, page);
  // The totals' period groups the sums on screen; the file lists payments, one a row.
  const { period, ...filter } = view;

  return (
    <main id="main" className={cn(PAGE_WIDTH, "space-y-6 py-10")}>
      <ListPageHeader title={t("admin_payments.title")} subtitle={t("admin_payments.subtitle")} csvHref={ADMIN_PAYMENTS_SEARCH.csvHref(adminPaymentsCsvPath, filter, locale)} />

      <PaymentFilters view={view} onChange={change} />

      <ListResults
        query={payments}
        asking={!rangeIsBackwards(view)}
        total={(data) => data.totals.count}
        rows={(data) => data.payments.length}
        loadError={t("admin_payments.load_error")}
        filtered={filtered}
        onClearFilters={() => change(null)}
        empty={
          <>
            <CreditCard aria-hidden="true" className="size-10 text-slate-400" />
            <p className="text-lg font-medium text-slate-900">{t("admin_payments.empty")}</p>
          </>
        }
        noMatches={t("admin_payments.no_matches")}
        pagerLabel={t("admin_payments.pagination")}
        onPage={changePage}
        sectionLabel={t("admin_payments.list_label")}
        summary={(data) => <PaymentTotalsSummary totals={data.totals} periods={data.periods} period={period ?? "day"} />}
      >
        {(data) => <PaymentsTable payments={data.payments} onRefund={onRefund} wide={wide} />}
      </ListResults>

      <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />
    </main>
  );
}

export default AdminPaymentsPage;

/** The strings this page waits for (app/page-routes.tsx). */
export const pageStrings = ADMIN_PAYMENTS_PREFIXES;
