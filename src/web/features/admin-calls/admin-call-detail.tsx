import type { ReactNode } from "react";
import { useId } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { AdminCall, CallStatusUpdate } from "../../../shared/api/admin-calls";
import type { CallStatus } from "../../../shared/api/calls";
import { formatUsd, parseMoney } from "../../../shared/money";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Ltr } from "../../components/ui/ltr";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { useLocale } from "../../lib/use-locale";
import { apiErrorMessage } from "../../lib/api-error-message";
import { CountryCell, StatusBadge, statusKey } from "../../components/call-log-cells";
import { formatDuration, formatExact, rowNumber } from "../../lib/call-log-format";
import { useAdminCallDetail } from "./admin-calls-api";
import { CallCreditSection, carrierQualityFacts } from "./call-credit-section";
import { formatCarrierRate, formatMarkup, formatMoment, formatOptionalExact } from "./admin-calls-format";

/** A labelled list of facts; a fact the call does not have shows a dash. */
function Facts({ title, items }: { title: string; items: { key: string; label: string; value: ReactNode }[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[minmax(0,12rem)_1fr]">
        {items.map((item) => (
          <div key={item.key} className="contents">
            <dt className="text-slate-600">{item.label}</dt>
            <dd className="mb-1 min-w-0 break-words text-slate-900 sm:mb-0">{item.value ?? "—"}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const dash = <span className="text-slate-400">—</span>;

function CallFacts({ call }: { call: AdminCall }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const moment = (iso: string | null) => (iso ? <time dateTime={iso}>{formatMoment(iso, locale)}</time> : dash);
  const number = rowNumber(call);
  return (
    <Facts
      title={t("admin_calls.detail.call_heading")}
      items={[
        { key: "customer", label: t("admin_calls.detail.customer"), value: <Ltr>{call.userEmail}</Ltr> },
        { key: "direction", label: t("admin_calls.detail.direction"), value: t(`admin_calls.direction.${call.direction}`) },
        { key: "number", label: t("admin_calls.detail.number"), value: number ? <Ltr className="tabular-nums">{number}</Ltr> : t("history.hidden_number") },
        { key: "country", label: t("admin_calls.detail.country"), value: <CountryCell code={call.countryCode} /> },
        { key: "status", label: t("admin_calls.detail.status"), value: <StatusBadge call={call} /> },
        ...(call.refusalReason ? [{ key: "refusal", label: t("admin_calls.detail.refusal"), value: t(`admin_calls.refusal.${call.refusalReason}`) }] : []),
        { key: "started", label: t("admin_calls.detail.started"), value: moment(call.startedAt) },
        { key: "answered", label: t("admin_calls.detail.answered"), value: moment(call.answeredAt) },
        { key: "ended", label: t("admin_calls.detail.ended"), value: moment(call.endedAt) },
        { key: "duration", label: t("admin_calls.detail.duration"), value: <span className="tabular-nums">{formatDuration(call.durationSeconds, locale)}</span> },
        { key: "rating", label: t("admin_calls.detail.rating"), value: call.qualityRating === null ? t("admin_calls.not_rated") : t("history.rated", { stars: new Intl.NumberFormat(locale).format(call.qualityRating) }) },
        { key: "sid", label: t("admin_calls.detail.call_sid"), value: <Ltr className="font-mono text-xs">{call.callSid}</Ltr> },
      ]}
    />
  );
}

function ChargeFacts({ call }: { call: AdminCall }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const number = new Intl.NumberFormat(locale);
  const figure = (text: string) => <span className="tabular-nums">{text}</span>;
  return (
    <Facts
      title={t("admin_calls.detail.money_heading")}
      items={[
        { key: "billed", label: t("admin_calls.detail.billed_minutes"), value: figure(number.format(call.billedMinutes)) },
        { key: "rate", label: t("admin_calls.detail.rate"), value: figure(formatExact(call.ratePerMin, locale)) },
        { key: "cost", label: t("admin_calls.detail.cost"), value: figure(formatExact(call.costUsd, locale)) },
        { key: "carrier_rate", label: t("admin_calls.detail.carrier_rate"), value: call.carrierRate === null ? dash : figure(formatCarrierRate(call.carrierRate, locale)) },
        { key: "markup", label: t("admin_calls.detail.markup"), value: call.marginBp === null ? dash : figure(formatMarkup(call.marginBp, locale)) },
        { key: "carrier_cost", label: t("admin_calls.detail.carrier_cost"), value: figure(formatOptionalExact(call.carrierCostUsd, locale)) },
        {
          key: "margin",
          label: t("admin_calls.detail.margin"),
          value: <span className={cn("tabular-nums", call.marginUsd !== null && parseMoney(call.marginUsd) < 0 && "text-red-700")}>{formatOptionalExact(call.marginUsd, locale)}</span>,
        },
      ]}
    />
  );
}

function QualityFacts({ call }: { call: AdminCall }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const headingId = useId();
  const carrier = carrierQualityFacts(call, t, locale);
  if (!call.quality && carrier.length === 0) {
    return (
      <section aria-labelledby={headingId} className="space-y-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          {t("admin_calls.detail.quality_heading")}
        </h3>
        <p className="text-sm text-slate-600">{t("admin_calls.detail.no_quality")}</p>
      </section>
    );
  }
  const { rttMs = null, jitterMs = null, packetLoss = null, mos = null } = call.quality ?? {};
  const ms = new Intl.NumberFormat(locale, { style: "unit", unit: "millisecond", unitDisplay: "short", maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  const score = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const figure = (text: string | null) => (text === null ? dash : <span className="tabular-nums">{text}</span>);
  return (
    <Facts
      title={t("admin_calls.detail.quality_heading")}
      items={[
        { key: "grade", label: t("admin_calls.detail.grade"), value: call.qualityGrade ? t(`history.quality.${call.qualityGrade}`) : dash },
        { key: "rtt", label: t("history.quality.rtt"), value: figure(rttMs === null ? null : ms.format(rttMs)) },
        { key: "jitter", label: t("history.quality.jitter"), value: figure(jitterMs === null ? null : ms.format(jitterMs)) },
        { key: "loss", label: t("history.quality.loss"), value: figure(packetLoss === null ? null : percent.format(packetLoss)) },
        { key: "mos", label: t("history.quality.mos"), value: figure(mos === null ? null : score.format(mos)) },
        ...carrier,
      ]}
    />
  );
}

/** The carrier's events in the order received (stored in our status words), the final one with the talk time it reported. */
function Timeline({ updates }: { updates: CallStatusUpdate[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {t("admin_calls.detail.timeline_heading")}
      </h3>
      {updates.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin_calls.detail.timeline_empty")}</p>
      ) : (
        <ol aria-labelledby={headingId} className="space-y-2 border-s-2 border-slate-200 ps-4">
          {updates.map((update) => (
            <li key={update.id} className="relative text-sm">
              <span aria-hidden="true" className="absolute -start-[1.4rem] top-1.5 size-2.5 rounded-full bg-brand-600" />
              <span className="font-medium text-slate-900">{t(statusKey(update.status as CallStatus), { defaultValue: update.status })}</span>
              <br />
              <time dateTime={update.receivedAt} className="text-slate-600">
                {formatMoment(update.receivedAt, locale)}
              </time>
              {update.status === "completed" && update.talkDurationSeconds !== null ? (
                <span className="text-slate-600">
                  {" · "}
                  {t("admin_calls.detail.talk_reported", { duration: formatDuration(update.talkDurationSeconds, locale) })}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The call's ledger row: what left the customer's balance and what remained, or why there is none. */
function LedgerFacts({ entry }: { entry: { amount: string; balanceAfter: string; createdAt: string } | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const headingId = useId();
  if (!entry) {
    return (
      <section aria-labelledby={headingId} className="space-y-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          {t("admin_calls.detail.ledger_heading")}
        </h3>
        <p className="text-sm text-slate-600">{t("admin_calls.detail.ledger_none")}</p>
      </section>
    );
  }
  return (
    <Facts
      title={t("admin_calls.detail.ledger_heading")}
      items={[
        { key: "amount", label: t("admin_calls.detail.ledger_amount"), value: <span className="tabular-nums">{formatUsd(parseMoney(entry.amount), locale, 4)}</span> },
        { key: "after", label: t("admin_calls.detail.ledger_balance_after"), value: <span className="tabular-nums">{formatUsd(parseMoney(entry.balanceAfter), locale, 4)}</span> },
        { key: "posted", label: t("admin_calls.detail.ledger_posted"), value: <time dateTime={entry.createdAt}>{formatMoment(entry.createdAt, locale)}</time> },
      ]}
    />
  );
}

/** One call in a dialog: its facts, charges, quality, the carrier's timeline, its ledger row and its credit. */
export function AdminCallDetailDialog({ callSid, onClose }: { callSid: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useAdminCallDetail(callSid);
  return (
    <Dialog open={callSid !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent title={t("admin_calls.detail.title")} description={t("admin_calls.detail.description")} className="max-w-2xl">
        {detail.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : null}
        {detail.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl bg-red-50 p-4 text-sm text-red-800">
            <p>
              {t("admin_calls.detail.load_error")} {apiErrorMessage(t, detail.error)}
            </p>
            <Button variant="secondary" size="sm" onClick={() => void detail.refetch()}>
              {t("list.retry")}
            </Button>
          </div>
        ) : null}
        {detail.data ? (
          <div className="space-y-6">
            <CallFacts call={detail.data.call} />
            <ChargeFacts call={detail.data.call} />
            <QualityFacts call={detail.data.call} />
            <Timeline updates={detail.data.statusUpdates} />
            <LedgerFacts entry={detail.data.ledgerEntry} />
            <CallCreditSection call={detail.data.call} />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
