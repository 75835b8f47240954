import { PhoneCall } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { useNavigate } from "react-router";
import type { CallLog } from "../../../shared/api/calls";
import { Button } from "../../components/ui/button";
import { ltrText } from "../../components/ui/ltr";
import { localePath, useLocale } from "../../lib/use-locale";
import { callAgainState } from "./call-again";
import { rowNumber } from "../../lib/call-log-format";

/**
 * Opens the call section on home with this row's country and number filled in. `iconOnly` (the table's
 * last column, so ten facts fit in the page's width): the phone icon alone, its words in the tooltip;
 * its accessible name is the same either way.
 */
export function CallAgainButton({ call, className, iconOnly = false }: { call: CallLog; className?: string; iconOnly?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const state = callAgainState(call);
  if (!state) return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      className={className}
      onClick={() => void navigate(localePath(locale), { state })}
      aria-label={t("history.call_again_aria", { number: ltrText(rowNumber(call) ?? "") })}
      title={iconOnly ? t("history.call_again") : undefined}
    >
      <PhoneCall aria-hidden="true" className="size-4" />
      {iconOnly ? null : t("history.call_again")}
    </Button>
  );
}
