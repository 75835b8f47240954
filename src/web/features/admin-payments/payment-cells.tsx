import { useTranslation } from "../../lib/i18n/use-translation";
import type { AdminPayment } from "../../../shared/api/admin-payments";
import type { PaymentStatus } from "../../../shared/api/payments";
import { parseMoney } from "../../../shared/money";
import { chargedNothing } from "../../../shared/payments/charged";
import { Button } from "../../components/ui/button";
import { isolateText, Ltr } from "../../components/ui/ltr";
import { NoAmount } from "../../components/ui/no-amount";
import { cn } from "../../lib/cn";
import { useLocale } from "../../lib/use-locale";
import { formatWhen, STATUS_TONE, usd } from "./payment-format";

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return <span className={cn("inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1", STATUS_TONE[status])}>{t(`admin_payments.status.${status}`)}</span>;
}

/** What came in: nothing for a checkout that was declined, expired or cancelled, whatever amount it asked for. */
export function PaidAmount({ payment }: { payment: AdminPayment }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return chargedNothing(payment.status) ? <NoAmount label={t("admin_payments.nothing_paid")} /> : <>{usd(payment.paid, locale)}</>;
}

export function ProviderName({ provider }: { provider: AdminPayment["provider"] }) {
  const { t } = useTranslation();
  return <span className="whitespace-nowrap">{t(`admin_payments.provider.${provider}`)}</span>;
}

/** What the payment credited: its credit, and the bonus from a code when there was one; nothing for a checkout that charged nothing. */
export function CreditCell({ payment }: { payment: AdminPayment }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (chargedNothing(payment.status)) return <NoAmount label={t("admin_payments.nothing_credited")} />;
  return (
    <span className="whitespace-nowrap">
      {usd(payment.credit, locale)}
      {parseMoney(payment.bonus) > 0 ? <span className="block text-xs text-slate-500">{t("admin_payments.bonus_amount", { amount: isolateText(usd(payment.bonus, locale)) })}</span> : null}
    </span>
  );
}

export function RefundButton({ payment, onRefund }: { payment: AdminPayment; onRefund: (payment: AdminPayment) => void }) {
  const { t } = useTranslation();
  if (parseMoney(payment.refundable) <= 0) return null;
  return (
    <Button variant="secondary" size="sm" onClick={() => onRefund(payment)} aria-label={t("admin_payments.refund_payment_of", { email: payment.customer.email })}>
      {t("admin_payments.refund")}
    </Button>
  );
}

/** The payment's refunds and disputes, newest first: amount, credit taken off, who asked and why, or why it failed. */
export function PaymentHistory({ payment }: { payment: AdminPayment }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (payment.refunds.length === 0 && payment.disputes.length === 0) return null;
  return (
    <ul className="space-y-1 text-sm text-slate-700" aria-label={t("admin_payments.history_of", { email: payment.customer.email })}>
      {payment.refunds.map((refund) => (
        <li key={refund.id} className="flex flex-wrap gap-x-2">
          <span className="font-medium">{t(`admin_payments.refund_status.${refund.status}`, { amount: isolateText(usd(refund.amount, locale)) })}</span>
          {refund.status === "succeeded" ? <span>{t("admin_payments.credit_taken", { amount: isolateText(usd(refund.creditRemoved, locale)) })}</span> : null}
          <span className="text-slate-500">
            <time dateTime={refund.createdAt}>{formatWhen(refund.createdAt, locale)}</time>
            {" · "}
            {refund.createdBy ? <Ltr>{refund.createdBy.email}</Ltr> : t("admin_payments.refunded_at_provider")}
          </span>
          <span className="basis-full text-slate-600">{t("admin_payments.reason_is", { reason: refund.reason })}</span>
          {refund.failureReason ? <span className="basis-full text-red-700">{refund.failureReason}</span> : null}
        </li>
      ))}
      {payment.disputes.map((dispute) => (
        <li key={dispute.id} className="flex flex-wrap gap-x-2">
          <span className="font-medium">{t(`admin_payments.dispute_status.${dispute.status}`, { amount: isolateText(usd(dispute.amount, locale)) })}</span>
          <span>{t("admin_payments.credit_taken", { amount: isolateText(usd(dispute.creditRemoved, locale)) })}</span>
          <span className="text-slate-500">
            <time dateTime={dispute.createdAt}>{formatWhen(dispute.createdAt, locale)}</time>
          </span>
        </li>
      ))}
    </ul>
  );
}
