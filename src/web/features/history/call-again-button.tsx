import { PhoneCall } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { useNavigate } from "react-router";
import type { CallLog } from "../../../shared/api/calls";
import { Button } from "../../components/ui/button";
import { ltrText } from "../../components/ui/ltr";
import { localePath, useLocale } from "../../lib/use-locale";
import { callAgainState } from "./call-again";
import { rowNumber } from "../../lib/call-log-format";

/** Opens the call section on home with this row's country and number filled in. */
export function CallAgainButton({ call, className }: { call: CallLog; className?: string }) {
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
    >
      <PhoneCall aria-hidden="true" className="size-4" />
      {t("history.call_again")}
    </Button>
  );
}
