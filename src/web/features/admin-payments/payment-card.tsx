import { useTranslation } from "../../lib/i18n/use-translation";
import type { AdminPayment } from "../../../shared/api/admin-payments";
import { Ltr } from "../../components/ui/ltr";
import { useLocale } from "../../lib/use-locale";
import { CreditCell, PaidAmount, PaymentHistory, PaymentStatusBadge, ProviderName, RefundButton } from "./payment-cells";
import { formatWhen, usd } from "./payment-format";

/** One payment as a card, for phones: the same facts as its row in the table, stacked. */
export function PaymentCard({ payment, onRefund }: { payment: AdminPayment; onRefund: (payment: AdminPayment) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Ltr className="block break-all font-medium text-slate-900">{payment.customer.email}</Ltr>
          <time dateTime={payment.createdAt} className="text-sm text-slate-600">
            {formatWhen(payment.createdAt, locale)}
          </time>
        </div>
        <PaymentStatusBadge status={payment.status} />
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-slate-600">{t("admin_payments.column.paid")}</dt>
          <dd className="font-semibold tabular-nums">
            <PaidAmount payment={payment} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("admin_payments.column.credit")}</dt>
          <dd className="tabular-nums">
            <CreditCell payment={payment} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("admin_payments.column.refunded")}</dt>
          <dd className="tabular-nums">{usd(payment.refunded, locale)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("admin_payments.column.provider")}</dt>
          <dd>
            <ProviderName provider={payment.provider} />
          </dd>
        </div>
        {payment.discountCode ? (
          <div>
            <dt className="text-slate-600">{t("admin_payments.column.code")}</dt>
            <dd>
              <Ltr className="font-mono">{payment.discountCode}</Ltr>
            </dd>
          </div>
        ) : null}
      </dl>
      <PaymentHistory payment={payment} />
      <RefundButton payment={payment} onRefund={onRefund} />
    </>
  );
}
