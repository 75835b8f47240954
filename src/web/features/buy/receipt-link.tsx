import { FileText } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Link } from "react-router";
import type { Payment } from "../../../shared/api/payments";
import { buttonVariants } from "../../components/ui/button";
import { HAS_RECEIPT } from "./payment-format";

/** "Receipt" for a payment that took money: opens /{lang}/payments?receipt=<id>. */
export function ReceiptLink({ payment, date }: { payment: Payment; date: string }) {
  const { t } = useTranslation();
  if (!HAS_RECEIPT.includes(payment.status)) return null;
  return (
    <Link
      to={`?receipt=${encodeURIComponent(payment.id)}`}
      className={buttonVariants({ variant: "secondary", size: "sm" })}
      aria-label={t("buy.receipt_for", { date })}
    >
      <FileText aria-hidden="true" className="size-4" />
      {t("buy.receipt")}
    </Link>
  );
}
