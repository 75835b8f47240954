import { useTranslation } from "../../lib/i18n/use-translation";
import type { CallLog } from "../../../shared/api/calls";
import { isolateText } from "../../components/ui/ltr";
import { formatExact } from "../../lib/call-log-format";
import { useLocale } from "../../lib/use-locale";

/** What a call cost and, when some of it was given back, how much and why (the credit is its own ledger row). */
export function CostCell({ call }: { call: CallLog }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      <span className="font-medium tabular-nums">{formatExact(call.costUsd, locale)}</span>
      {call.credit ? (
        // The table's cost column keeps its figures on one line; the note about the credit may wrap.
        <span className="block whitespace-normal text-xs font-normal text-emerald-700">
          {t("history.credited_back", { amount: isolateText(formatExact(call.credit.amountUsd, locale)) })}
          <span className="block text-slate-500">{t(`history.credit_reason.${call.credit.reason}`)}</span>
        </span>
      ) : null}
    </>
  );
}
