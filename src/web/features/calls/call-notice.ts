import type { TFunction } from "../../lib/i18n/translator";
import { notify } from "../../lib/notify";
import { callErrorMessage, refusalMessage } from "./call-errors";
import { showCompletedToasts } from "./call-outcome-toasts";
import type { CallNotice } from "./call-state";

/**
 * Shows what the call's state says to tell. A call's end has one message at a time
 * (the toast id "call-outcome"): the server's reason replaces the device's, since the
 * carrier only knows "declined" where the gate knows "insufficient balance".
 */
export function showCallNotice(t: TFunction, locale: string, notice: CallNotice): void {
  switch (notice.kind) {
    case "initiated":
      notify(t("call_section.initiated"), { id: "call-progress", duration: 2000 });
      return;
    case "device_error": {
      const { reason, code } = notice.error;
      notify.error(reason === "insufficient_balance" || reason === "call_in_progress" ? refusalMessage(t, reason) : callErrorMessage(t, code), { id: "call-outcome" });
      return;
    }
    case "unanswered":
      notify.error(unansweredMessage(t, notice.status, notice.reason), { id: "call-outcome" });
      return;
    case "completed":
      showCompletedToasts(t, locale, notice.status.talkDurationSeconds, notice.status.costUsd, notice.inbound, notice.cutOff);
      return;
    case "balance_spent":
      notify.warning(t("call_section.auto_ended.title"), { description: t("call_section.auto_ended.description"), id: "call-outcome" });
  }
}

const UNANSWERED_KEYS = { busy: "call_section.error.busy", declined: "call_section.error.declined", "no-answer": "call_section.error.no_answer" } as const;

function unansweredMessage(t: TFunction, status: Extract<CallNotice, { kind: "unanswered" }>["status"], reason: string | null): string {
  if (status !== "failed") return t(UNANSWERED_KEYS[status]);
  return reason ? refusalMessage(t, reason) : t("call_section.call_failed");
}
