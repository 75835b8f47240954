import { useTranslation } from "../../lib/i18n/use-translation";
import type { CallLog } from "../../../shared/api/calls";
import { useLocale } from "../../lib/use-locale";
import { CallAgainButton } from "./call-again-button";
import { CostCell } from "./cost-cell";
import { CallCardHeading, CallTimeFacts, QualityCell, RatingCell } from "../../components/call-log-cells";
import { formatExact } from "../../lib/call-log-format";

/** One call as a card, for phones: the same facts and actions as its row in the table. */
export function HistoryCard({ call, onRate }: { call: CallLog; onRate: (call: CallLog) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      <CallCardHeading call={call} />
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <CallTimeFacts call={call} />
        <div>
          <dt className="text-slate-500">{t("history.column.rate")}</dt>
          <dd className="tabular-nums">{formatExact(call.ratePerMin, locale)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("history.column.cost")}</dt>
          <dd>
            <CostCell call={call} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("history.column.quality")}</dt>
          <dd>
            <QualityCell call={call} />
          </dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
        <div className="flex items-center gap-2 text-sm">
          <span className="text-slate-500">{t("history.column.rating")}</span>
          <RatingCell call={call} onRate={onRate} />
        </div>
        <CallAgainButton call={call} />
      </div>
    </>
  );
}
