import { ArrowLeft } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Link } from "react-router";
import { buttonVariants } from "../../components/ui/button";
import { PageSpinner } from "../../components/ui/spinner";
import { apiErrorMessage } from "../../lib/api-error-message";
import { usePaymentDetail } from "./buy-api";
import { PrintButton, Receipt } from "./receipt";

/** /{lang}/payments?receipt=<id>: one payment's receipt alone, ready to print or save as PDF. */
export function ReceiptView({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation();
  const payment = usePaymentDetail(paymentId);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to="?" className={buttonVariants({ variant: "ghost", size: "sm" })}>
          <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
          {t("buy.back_to_payments")}
        </Link>
        {payment.data ? <PrintButton /> : null}
      </div>
      {payment.isPending ? <PageSpinner /> : null}
      {payment.isError ? (
        <p role="alert" className="rounded-2xl bg-red-50 p-4 text-red-800">
          {t("buy.payment_load_error")} {apiErrorMessage(t, payment.error)}
        </p>
      ) : null}
      {payment.data ? <Receipt payment={payment.data} /> : null}
    </div>
  );
}
