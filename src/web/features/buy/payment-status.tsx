import { useTranslation } from "../../lib/i18n/use-translation";
import type { Payment, PaymentStatus } from "../../../shared/api/payments";
import { parseMoney } from "../../../shared/money";
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

/**
 * A payment's credit, or its bonus (`+$1.00`, a dash when there was none), as the balance got it: a purchase that
 * charged nothing credited nothing, whatever it was for, so a dash read "Nothing credited", as in the back office.
 */
export function AmountCredited({ payment, part }: { payment: Pick<Payment, "credit" | "bonus" | "status">; part: "credit" | "bonus" }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (chargedNothing(payment.status)) return <NoAmount label={t("buy.nothing_credited_short")} />;
  if (part === "credit") return formatAmount(payment.credit, locale);
  return parseMoney(payment.bonus) > 0 ? `+${formatAmount(payment.bonus, locale)}` : "—";
}
