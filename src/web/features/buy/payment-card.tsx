import { useTranslation } from "../../lib/i18n/use-translation";
import type { Payment } from "../../../shared/api/payments";
import { Ltr } from "../../components/ui/ltr";
import { useLocale } from "../../lib/use-locale";
import { formatPaymentDate, providerKey } from "./payment-format";
import { AmountCredited, AmountPaid, PaymentStatusBadge } from "./payment-status";
import { ReceiptLink } from "./receipt-link";

/** One payment as a card, for phones: the same facts and the receipt link as its row in the table. */
export function PaymentCard({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const date = formatPaymentDate(payment.createdAt, locale);
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-lg font-semibold tabular-nums text-slate-900">
            <AmountPaid payment={payment} />
          </p>
          <time dateTime={payment.createdAt} className="text-sm text-slate-600">
            {date}
          </time>
        </div>
        <PaymentStatusBadge status={payment.status} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-slate-500">{t("buy.column.credit")}</dt>
          <dd className="tabular-nums">
            <AmountCredited payment={payment} part="credit" />
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("buy.column.bonus")}</dt>
          <dd className="tabular-nums">
            <AmountCredited payment={payment} part="bonus" />
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("buy.column.code")}</dt>
          <dd>{payment.discountCode ? <Ltr className="font-mono">{payment.discountCode}</Ltr> : "—"}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("buy.column.provider")}</dt>
          <dd>{t(providerKey(payment.provider))}</dd>
        </div>
      </dl>
      <div className="mt-3 flex justify-end">
        <ReceiptLink payment={payment} date={date} />
      </div>
    </>
  );
}
