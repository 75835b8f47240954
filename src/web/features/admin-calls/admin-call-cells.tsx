import { useTranslation } from "../../lib/i18n/use-translation";
import type { AdminCall } from "../../../shared/api/admin-calls";
import { parseMoney } from "../../../shared/money";
import { Button } from "../../components/ui/button";
import { ltrText } from "../../components/ui/ltr";
import { cn } from "../../lib/cn";
import { rowNumber } from "../../lib/call-log-format";
import { formatOptionalExact } from "./admin-calls-format";

/**
 * The customer's address, read left to right in Arabic too, cut short at its end with an
 * ellipsis when long (the distinctive start stays visible), aligned with the column's start.
 */
export function CustomerCell({ email, className }: { email: string; className?: string }) {
  return (
    <span dir="ltr" title={email} className={cn("block max-w-48 truncate rtl:text-right", className)}>
      {email}
    </span>
  );
}

/** The margin of a call, red when the carrier cost more than was billed. */
export function MarginCell({ call, locale }: { call: AdminCall; locale: string }) {
  const loss = call.marginUsd !== null && parseMoney(call.marginUsd) < 0;
  return <span className={cn(loss && "font-medium text-red-700")}>{formatOptionalExact(call.marginUsd, locale)}</span>;
}

/** Opens the call's detail dialog; its name says which call, for a screen reader's list of buttons. */
export function DetailsButton({ call, onOpen }: { call: AdminCall; onOpen: (callSid: string) => void }) {
  const { t } = useTranslation();
  const number = rowNumber(call);
  const label = number ? t("admin_calls.details_aria", { number: ltrText(number) }) : t("admin_calls.details_aria_hidden");
  return (
    <Button variant="secondary" size="sm" onClick={() => onOpen(call.callSid)} aria-label={label}>
      {t("admin_calls.details")}
    </Button>
  );
}
