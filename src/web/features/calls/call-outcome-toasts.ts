import type { TFunction } from "../../lib/i18n/translator";
import { notify } from "../../lib/notify";
import { billedMinutes } from "../../../shared/billing";
import { formatUsd, parseMoney } from "../../../shared/money";
import { isolateText } from "../../components/ui/ltr";
import { formatClock } from "./call-meter";
import type { CallCutOff } from "../../../shared/api/live-events";
import { MAX_CALL_SECONDS } from "../../../shared/calls/call-length";

/**
 * After a settled call: the completed toast (talk time and billed minutes), then what it
 * cost (3 decimals). Only one toast shows at a time, so the cost follows once the first
 * one closes rather than hiding it.
 */
export function showCompletedToasts(t: TFunction, locale: string, talkSeconds: number, costUsd: string | null, inbound: boolean, cutOff: CallCutOff | null = null): void {
  const minutes = billedMinutes(talkSeconds);
  let costShown = false;
  const showCost = () => {
    if (costShown || inbound || costUsd === null) return;
    costShown = true;
    notify(t("call_section.spent.title"), { description: t("call_section.spent.description", { amount: isolateText(formatUsd(parseMoney(costUsd), locale, 3)) }) });
  };
  notify.success(completedTitle(t, locale, cutOff), {
    description: inbound
      ? t("call_section.completed.talk_time", { time: isolateText(formatClock(talkSeconds)) })
      : t("call_section.completed.description", { time: isolateText(formatClock(talkSeconds)), minutes: isolateText(new Intl.NumberFormat(locale).format(minutes)) }),
    onAutoClose: showCost,
    onDismiss: showCost,
  });
}

/** The completed toast's title says why a call the carrier cut off at its limit ended. */
function completedTitle(t: TFunction, locale: string, cutOff: CallCutOff | null): string {
  if (cutOff === "balance") return t("call_section.completed.balance_title");
  if (cutOff === "longest_call") return t("call_section.completed.longest_title", { hours: isolateText(new Intl.NumberFormat(locale).format(MAX_CALL_SECONDS / 3600)) });
  return t("call_section.completed.title");
}
