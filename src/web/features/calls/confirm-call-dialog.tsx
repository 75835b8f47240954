import { useTranslation } from "../../lib/i18n/use-translation";
import { formatUsd } from "../../../shared/money";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Ltr, isolateText } from "../../components/ui/ltr";
import { useLocale } from "../../lib/use-locale";
import type { ConfirmDetails } from "./use-dial-flow";
import { useFormattedNumber } from "./use-formatted-number";

/**
 * Before a call: the number as history writes it, its rate at 4 decimals, and the talk time
 * the server's quote gives it (the gate's own limit: what the balance buys, or the longest
 * call or what today's spending limit leaves when that is less, said so), and the daily
 * limit with today's spend when the customer set one.
 */
export function ConfirmCallDialog({
  details,
  onConfirm,
  onCancel,
  returnFocus,
}: {
  details: ConfirmDetails | null;
  onConfirm: () => void;
  onCancel: () => void;
  returnFocus?: () => HTMLElement | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const number = useFormattedNumber(details?.e164 ?? null);
  return (
    <Dialog open={details !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      {details ? (
        <DialogContent title={t("call_section.confirm.title")} description={t("call_section.confirm.description")} returnFocus={returnFocus}>
          <dl className="space-y-2 text-sm">
            <Row label={t("call_section.confirm.number")}>
              <Ltr className="font-medium tabular-nums">{number}</Ltr>
            </Row>
            <Row label={t("call_section.confirm.rate")}>
              <span className="font-medium">{t("call_section.per_minute", { price: isolateText(formatUsd(details.rate, locale, 4)) })}</span>
            </Row>
            <Row label={t("call_section.confirm.balance")}>
              <span className="font-medium">{formatUsd(details.balance, locale, 2)}</span>
            </Row>
            {details.dailyLimit ? (
              <Row label={t("call_section.confirm.daily_limit")}>
                <span className="font-medium">
                  {t("call_section.confirm.daily_limit_value", {
                    limit: isolateText(formatUsd(details.dailyLimit.limit, locale, 2)),
                    spent: isolateText(formatUsd(details.dailyLimit.spentToday, locale, 2)),
                  })}
                </span>
              </Row>
            ) : null}
            <Row label={t("call_section.confirm.talk_time")}>
              <span className="font-medium">
                {t(
                  details.dailyLimit?.capsCall ? "call_section.confirm.daily_limit_minutes" : details.longestCall ? "call_section.confirm.longest_call" : "call_section.confirm.minutes",
                  { minutes: isolateText(new Intl.NumberFormat(locale).format(details.timeLimitSeconds / 60)) },
                )}
              </span>
            </Row>
          </dl>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onCancel}>
              {t("call_section.cancel")}
            </Button>
            <Button className="bg-green-700 hover:bg-green-800" onClick={onConfirm}>
              {t("call_section.confirm.call")}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b border-slate-100 pb-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-end text-slate-900">{children}</dd>
    </div>
  );
}
