import { Printer } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { PaymentDetail } from "../../../shared/api/payments";
import { parseMoney } from "../../../shared/money";
import { Button } from "../../components/ui/button";
import { Ltr } from "../../components/ui/ltr";
import { useLocale } from "../../lib/use-locale";
import { formatAmount, formatPaymentDate, providerKey } from "./payment-format";
import { PaymentStatusBadge } from "./payment-status";
import "./receipt-print.css";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-4 border-b border-slate-100 py-2 last:border-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * A payment's receipt, laid out for one printed page (see receipt-print.css): who paid,
 * what, how, and any money given back since.
 */
export function Receipt({ payment }: { payment: PaymentDetail }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const usd = (decimal: string) => formatAmount(decimal, locale);
  const hasBonus = parseMoney(payment.bonus) > 0;
  return (
    <article aria-labelledby={`receipt-${payment.id}`} className="receipt-sheet rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 print:ring-0">
      <div className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-slate-900 pb-4">
        <div>
          <p className="text-2xl font-bold tracking-tight text-brand-800">{t("brand.name")}</p>
          <h2 id={`receipt-${payment.id}`} className="mt-1 text-lg font-semibold text-slate-900">
            {t("buy.receipt_title")}
          </h2>
        </div>
        <PaymentStatusBadge status={payment.status} />
      </div>
      <dl className="mt-4 text-sm">
        <Row label={t("buy.receipt_number")}>
          <Ltr className="font-mono">{payment.id}</Ltr>
        </Row>
        <Row label={t("buy.receipt_date")}>
          <time dateTime={payment.completedAt ?? payment.createdAt}>{formatPaymentDate(payment.completedAt ?? payment.createdAt, locale)}</time>
        </Row>
        <Row label={t("buy.receipt_email")}>
          <Ltr>{payment.customerEmail}</Ltr>
        </Row>
        <Row label={t("buy.receipt_method")}>
          {t(providerKey(payment.provider))}
          {payment.providerReference ? (
            <span className="block text-xs font-normal text-slate-500">
              {t("buy.receipt_reference")} <Ltr className="font-mono">{payment.providerReference}</Ltr>
            </span>
          ) : null}
        </Row>
        <Row label={t("buy.receipt_discount_code")}>{payment.discountCode ? <Ltr className="font-mono">{payment.discountCode}</Ltr> : t("buy.none")}</Row>
        <Row label={t("buy.receipt_credit")}>{usd(payment.credit)}</Row>
        <Row label={t("buy.receipt_bonus")}>{hasBonus ? `+${usd(payment.bonus)}` : usd(payment.bonus)}</Row>
        <Row label={t("buy.receipt_amount_paid")}>
          <span className="text-lg font-bold">{usd(payment.amount)}</span>
        </Row>
        {parseMoney(payment.refunded) > 0 ? <Row label={t("buy.receipt_refunded")}>{usd(payment.refunded)}</Row> : null}
      </dl>
      {payment.refunds.length > 0 ? (
        <section className="mt-4" aria-labelledby={`refunds-${payment.id}`}>
          <h3 id={`refunds-${payment.id}`} className="text-sm font-semibold text-slate-900">
            {t("buy.receipt_refunds")}
          </h3>
          <ul className="mt-2 space-y-1 text-sm">
            {payment.refunds.map((refund) => (
              <li key={refund.id} className="flex flex-wrap justify-between gap-2 border-b border-slate-100 py-1">
                <span>
                  <time dateTime={refund.createdAt}>{formatPaymentDate(refund.createdAt, locale)}</time> · {refund.reason}
                </span>
                <span className="tabular-nums">
                  {usd(refund.amount)} · {t(`buy.refund_status.${refund.status}`)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="mt-6 text-xs text-slate-500">{t("buy.receipt_footer")}</p>
    </article>
  );
}

/** The browser's print dialog, where "Save as PDF" is one of the printers. */
export function PrintButton() {
  const { t } = useTranslation();
  return (
    <Button variant="secondary" className="print:hidden" onClick={() => window.print()}>
      <Printer aria-hidden="true" className="size-4" />
      {t("buy.print_receipt")}
    </Button>
  );
}
