import { useTranslation } from "../../lib/i18n/use-translation";
import type { AdminCall } from "../../../shared/api/admin-calls";
import { useLocale } from "../../lib/use-locale";
import { CallCardHeading, CallTimeFacts, QualityCell } from "../../components/call-log-cells";
import { formatExact } from "../../lib/call-log-format";
import { CustomerCell, DetailsButton, MarginCell } from "./admin-call-cells";
import { formatOptionalExact } from "./admin-calls-format";

/** One call as a card, for phones: the same facts and the same Details button as its row in the table. */
export function AdminCallCard({ call, onOpen }: { call: AdminCall; onOpen: (callSid: string) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      <CallCardHeading call={call} />
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div className="col-span-2 min-w-0">
          <dt className="text-slate-500">{t("admin_calls.column.customer")}</dt>
          <dd>
            <CustomerCell email={call.userEmail} className="max-w-full" />
          </dd>
        </div>
        <CallTimeFacts call={call} />
        <div>
          <dt className="text-slate-500">{t("history.column.cost")}</dt>
          <dd className="font-medium tabular-nums">{formatExact(call.costUsd, locale)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("admin_calls.column.carrier_cost")}</dt>
          <dd className="tabular-nums">{formatOptionalExact(call.carrierCostUsd, locale)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("admin_calls.column.margin")}</dt>
          <dd className="tabular-nums">
            <MarginCell call={call} locale={locale} />
          </dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
        <div className="flex items-center gap-2 text-sm">
          <span className="text-slate-500">{t("history.column.quality")}</span>
          <QualityCell call={call} />
        </div>
        <DetailsButton call={call} onOpen={onOpen} />
      </div>
    </>
  );
}
