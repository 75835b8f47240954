import { FlaskConical } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Link, useNavigate, useSearchParams } from "react-router";
import { moneyToFixed, parseMoney } from "../../../shared/money";
import { chargedNothing } from "../../../shared/payments/charged";
import { Button, buttonVariants } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Ltr } from "../../components/ui/ltr";
import { PageSpinner } from "../../components/ui/spinner";
import { ApiError } from "../../lib/api-client";
import { localePath, useLocale } from "../../lib/use-locale";
import { usePageTitle } from "../../lib/use-page-title";
import { apiErrorMessage } from "../../lib/api-error-message";
import { formatRate } from "../../lib/rates/rate-format";
import { useCancelCheckout, useCheckoutSession, usePayCheckout, usePaymentDetail, useStartCheckout } from "./buy-api";
import { BUY_PREFIXES, useBuyStrings } from "./buy-strings";
import { CardForm } from "./card-form";
import { navigateTo } from "./phone-page";

/** The local checkout's documented test cards. */
const APPROVED_CARD = "4242 4242 4242 4242";
const DECLINED_CARD = "4000 0000 0000 0002";

/**
 * /{lang}/local-checkout?session=cs_local_…: the local payment provider's page (used when
 * Stripe is not configured). It takes a test card; the provider's verdict reaches the server
 * through the same signed webhook Stripe's would, and only that credits the account.
 */
export function LocalCheckoutPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  useBuyStrings();
  usePageTitle(t("buy.checkout_title"));
  const [search] = useSearchParams();
  const sessionId = search.get("session");
  const session = useCheckoutSession(sessionId);
  const pay = usePayCheckout(sessionId ?? "");
  const paymentId = session.data?.paymentId ?? null;
  const declined = pay.error instanceof ApiError && pay.error.code === "card_declined";
  // After a decline (or a cancel) the payment has ended unpaid: another card starts the same purchase again.
  const ended = declined || (session.data !== undefined && chargedNothing(session.data.status));
  const payment = usePaymentDetail(ended ? paymentId : null);
  const retry = useStartCheckout();

  const onPay = (card: { cardNumber: string; expiry: string; cvc: string }) =>
    pay.mutate(card, { onSuccess: (paid) => void navigate(localePath(locale, `/payment-success?payment=${encodeURIComponent(paid.paymentId)}`)) });
  const cancel = useCancelCheckout(sessionId ?? "");
  const backToPhone = () => void navigate(localePath(locale, `/phone${paymentId ? `?cancelled=${encodeURIComponent(paymentId)}` : ""}`));
  // The session ends on the server first (its code's use comes back); the way back is taken whatever it answers.
  const onCancel = () => (sessionId && session.data?.status === "pending" ? cancel.mutate(undefined, { onSettled: backToPhone }) : backToPhone());
  const tryAnotherCard = () => {
    const failed = payment.data;
    if (!failed) return;
    retry.mutate(
      { amount: moneyToFixed(parseMoney(failed.credit), 2), ...(failed.discountCode ? { code: failed.discountCode } : {}), lang: locale },
      { onSuccess: (started) => navigateTo.assign(started.url) },
    );
  };

  let body;
  if (!sessionId) body = <p role="alert">{t("buy.checkout_missing")}</p>;
  else if (session.isPending) body = <PageSpinner />;
  else if (session.isError)
    body = (
      <p role="alert" className="text-red-800">
        {t("buy.checkout_load_error")} {apiErrorMessage(t, session.error)}
      </p>
    );
  else if (ended)
    body = (
      <div className="space-y-4">
        <div role="alert" className="rounded-lg bg-red-50 p-4 text-red-800 ring-1 ring-red-200">
          <p className="font-semibold">{declined ? apiErrorMessage(t, pay.error) : (session.data.failureReason ?? t("buy.payment_failed"))}</p>
          <p className="mt-1 text-sm">{t("buy.nothing_charged")}</p>
        </div>
        {retry.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {apiErrorMessage(t, retry.error)}
          </p>
        ) : null}
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button onClick={tryAnotherCard} disabled={!payment.data || retry.isPending}>
            {t("buy.try_another_card")}
          </Button>
          <Link to={localePath(locale, "/phone")} className={buttonVariants({ variant: "secondary" })}>
            {t("buy.back_to_buying")}
          </Link>
        </div>
      </div>
    );
  else if (session.data.status !== "pending")
    body = (
      <div className="space-y-4">
        <p role="status">{t("buy.checkout_done")}</p>
        <Link to={localePath(locale, `/payment-success?payment=${encodeURIComponent(session.data.paymentId)}`)} className={buttonVariants()}>
          {t("buy.see_payment")}
        </Link>
      </div>
    );
  else {
    const amount = formatRate(parseMoney(session.data.amount), locale);
    body = (
      <div className="space-y-5">
        {pay.isError ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {apiErrorMessage(t, pay.error)}
          </p>
        ) : null}
        <CardForm payLabel={t("buy.pay_amount", { amount })} busy={pay.isPending} onPay={onPay} onCancel={onCancel} />
      </div>
    );
  }

  return (
    <main id="main" className="mx-auto max-w-lg space-y-5 px-4 py-10">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t("buy.checkout_title")}</h1>
        {session.data ? (
          <p className="mt-2 text-slate-700">
            {t("buy.checkout_amount_label")} <span className="text-2xl font-bold tabular-nums text-slate-900">{formatRate(parseMoney(session.data.amount), locale)}</span>
          </p>
        ) : null}
      </div>
      <aside className="flex gap-3 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200" aria-labelledby="test-checkout-heading">
        <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="space-y-1">
          <h2 id="test-checkout-heading" className="font-semibold">
            {t("buy.test_notice_heading")}
          </h2>
          <p>{t("buy.test_notice")}</p>
          <ul className="list-disc space-y-0.5 ps-5">
            <li>
              <Ltr className="font-mono">{APPROVED_CARD}</Ltr> {t("buy.test_card_approved")}
            </li>
            <li>
              <Ltr className="font-mono">{DECLINED_CARD}</Ltr> {t("buy.test_card_declined")}
            </li>
          </ul>
          <p>{t("buy.test_card_other_fields")}</p>
        </div>
      </aside>
      <Card>{body}</Card>
    </main>
  );
}

export default LocalCheckoutPage;

/** The strings this page waits for (app/page-routes.tsx). */
export const pageStrings = BUY_PREFIXES;
