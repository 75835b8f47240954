import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Link, useSearchParams } from "react-router";
import { Button, buttonVariants } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { localePath, useLocale } from "../../lib/use-locale";
import { usePageTitle } from "../../lib/use-page-title";
import { apiErrorMessage } from "../../lib/api-error-message";
import { useBalance } from "../../lib/balance-api";
import { formatRate } from "../../lib/rates/rate-format";
import { BUY_PREFIXES, useBuyStrings } from "./buy-strings";
import { formatAmount } from "./payment-format";
import { PrintButton, Receipt } from "./receipt";
import { useCreditLanding } from "./use-credit-landing";

/**
 * /{lang}/payment-success?payment=<id>: where the provider sends the customer back. It
 * waits for the credit to land (see useCreditLanding), then shows the new balance and
 * the receipt; a failed payment says so, and that nothing was credited.
 */
export function PaymentSuccessPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  useBuyStrings();
  usePageTitle(t("buy.success_title"));
  const [search] = useSearchParams();
  const paymentId = search.get("payment");
  const landing = useCreditLanding(paymentId);
  const balance = useBalance(true);
  const links = (
    <div className="flex flex-wrap gap-3 print:hidden">
      <Link to={localePath(locale)} state={{ scrollToCall: true }} className={buttonVariants()}>
        {t("buy.make_a_call")}
      </Link>
      <Link to={localePath(locale, "/payments")} className={buttonVariants({ variant: "secondary" })}>
        {t("buy.your_payments")}
      </Link>
    </div>
  );

  let body;
  if (!paymentId) body = <p role="alert">{t("buy.success_missing")}</p>;
  else if (landing.state === "error")
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl bg-red-50 p-4 text-red-800">
        <p>
          {t("buy.payment_load_error")} {apiErrorMessage(t, landing.error)}
        </p>
        <Button variant="secondary" size="sm" onClick={landing.retry}>
          {t("buy.retry")}
        </Button>
      </div>
    );
  else if (landing.state === "waiting")
    body = (
      <Card className="flex flex-col items-center gap-4 py-12 text-center">
        <Spinner label={t("buy.waiting")} />
        <p className="text-lg font-medium text-slate-900" role="status">
          {t("buy.waiting")}
        </p>
        <p className="text-sm text-slate-600">{t("buy.waiting_hint")}</p>
      </Card>
    );
  else if (landing.state === "failed")
    body = (
      <>
        <div role="alert" className="flex gap-3 rounded-2xl bg-red-50 p-5 text-red-900 ring-1 ring-red-200">
          <XCircle aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
          <div>
            <p className="text-lg font-semibold">{t(landing.payment.status === "cancelled" ? "buy.cancelled_heading" : "buy.failed_heading")}</p>
            {landing.payment.failureReason ? <p className="mt-1">{landing.payment.failureReason}</p> : null}
            <p className="mt-1">{t("buy.nothing_credited")}</p>
          </div>
        </div>
        <Link to={localePath(locale, "/phone")} className={buttonVariants()}>
          {t("buy.back_to_buying")}
        </Link>
      </>
    );
  else if (landing.state === "still_pending")
    body = (
      <>
        <div role="status" className="flex gap-3 rounded-2xl bg-amber-50 p-5 text-amber-900 ring-1 ring-amber-200">
          <Clock aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
          <div>
            <p className="text-lg font-semibold">{t("buy.still_processing_heading")}</p>
            <p className="mt-1">{t("buy.still_processing", { amount: formatAmount(landing.payment.amount, locale) })}</p>
          </div>
        </div>
        {links}
      </>
    );
  else
    body = (
      <>
        <div role="status" className="flex flex-wrap items-center gap-4 rounded-2xl bg-emerald-50 p-5 text-emerald-900 ring-1 ring-emerald-200 print:hidden">
          <CheckCircle2 aria-hidden="true" className="size-8 shrink-0" />
          <div>
            <p className="text-lg font-semibold">{t("buy.success_heading")}</p>
            {balance.data !== undefined ? (
              <p className="mt-1">
                {t("buy.new_balance")} <span className="text-2xl font-bold tabular-nums" data-testid="new-balance">{formatRate(balance.data, locale)}</span>
              </p>
            ) : null}
          </div>
        </div>
        <Receipt payment={landing.payment} />
        <div className="flex flex-wrap gap-3 print:hidden">
          <PrintButton />
        </div>
        {links}
      </>
    );

  return (
    <main id="main" className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900 print:hidden">{t("buy.success_title")}</h1>
      {body}
    </main>
  );
}

export default PaymentSuccessPage;

/** The strings this page waits for (app/page-routes.tsx). */
export const pageStrings = BUY_PREFIXES;
