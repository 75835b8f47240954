import { useTranslation } from "../../lib/i18n/use-translation";
import type { Payment, PaymentStatus } from "../../../shared/api/payments";
import { chargedNothing } from "../../../shared/payments/charged";
import { NoAmount } from "../../components/ui/no-amount";
import { cn } from "../../lib/cn";
import { useLocale } from "../../lib/use-locale";
import { formatAmount, STATUS_STYLE, statusKey } from "./payment-format";

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1", STATUS_STYLE[status])}>{t(statusKey(status))}</span>;
}

/** What a payment took from the customer: its amount, or a dash read as "Nothing paid" when it ended unpaid (declined, expired, cancelled). */
export function AmountPaid({ payment }: { payment: Pick<Payment, "amount" | "status"> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return chargedNothing(payment.status) ? <NoAmount label={t("buy.nothing_paid")} /> : formatAmount(payment.amount, locale);
}
