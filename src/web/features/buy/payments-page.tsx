import { Receipt as ReceiptIcon } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Link, useSearchParams } from "react-router";
import { Button, buttonVariants } from "../../components/ui/button";
import { PageSpinner } from "../../components/ui/spinner";
import { localePath, useLocale } from "../../lib/use-locale";
import { useMediaQuery } from "../../lib/use-media-query";
import { usePageTitle } from "../../lib/use-page-title";
import { apiErrorMessage } from "../../lib/api-error-message";
import { useOwnPayments } from "./buy-api";
import { BUY_PREFIXES, useBuyStrings } from "./buy-strings";
import { PaymentsTable } from "./payments-table";
import { ReceiptView } from "./receipt-view";
import { PAGE_WIDTH } from "../../components/ui/page-width";
import { cn } from "../../lib/cn";

/** /{lang}/payments: the customer's payments, newest first, each paid one with its receipt (?receipt=<id>). */
export function PaymentsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  useBuyStrings();
  usePageTitle(t("buy.payments_title"));
  const [search] = useSearchParams();
  const receipt = search.get("receipt");
  const payments = useOwnPayments();
  // Phones get cards: eight columns cannot be read at 390 px.
  const wide = useMediaQuery("(min-width: 1024px)");

  if (receipt) {
    return (
      <main id="main" className="mx-auto max-w-2xl px-4 py-10">
        <h1 className="sr-only">{t("buy.receipt_title")}</h1>
        <ReceiptView paymentId={receipt} />
      </main>
    );
  }

  const list = payments.data?.payments;
  return (
    <main id="main" className={cn(PAGE_WIDTH, "space-y-6 py-10")}>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t("buy.payments_title")}</h1>
          <p className="mt-1 text-sm text-slate-600">{t("buy.payments_subtitle")}</p>
        </div>
        <Link to={localePath(locale, "/phone")} className={buttonVariants()}>
          {t("buy.title")}
        </Link>
      </header>

      {payments.isPending ? <PageSpinner /> : null}
      {payments.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl bg-red-50 p-4 text-red-800">
          <p>
            {t("buy.payments_load_error")} {apiErrorMessage(t, payments.error)}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void payments.refetch()}>
            {t("buy.retry")}
          </Button>
        </div>
      ) : null}
      {list ? (
        <PaymentsTable
          payments={list}
          wide={wide}
          empty={
            <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-12 text-center shadow-sm ring-1 ring-slate-200">
              <ReceiptIcon aria-hidden="true" className="size-10 text-slate-400" />
              <p className="text-lg font-medium text-slate-900">{t("buy.payments_empty")}</p>
              <p className="text-slate-600">{t("buy.payments_empty_hint")}</p>
              <Link to={localePath(locale, "/phone")} className={buttonVariants()}>
                {t("buy.title")}
              </Link>
            </div>
          }
        />
      ) : null}
    </main>
  );
}

export default PaymentsPage;

/** The strings this page waits for (app/page-routes.tsx). */
export const pageStrings = BUY_PREFIXES;
