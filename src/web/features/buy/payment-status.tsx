import { useTranslation } from "../../lib/i18n/use-translation";
import type { PaymentStatus } from "../../../shared/api/payments";
import { cn } from "../../lib/cn";
import { STATUS_STYLE, statusKey } from "./payment-format";

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1", STATUS_STYLE[status])}>{t(statusKey(status))}</span>;
}
