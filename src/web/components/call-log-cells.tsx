import { PhoneIncoming, PhoneOutgoing, Star } from "lucide-react";
import { useTranslation } from "../lib/i18n/use-translation";
import type { CallLog, CallStatus } from "../../shared/api/calls";
import { callOutcomeKey, callStatusKey } from "../../shared/calls/call-status-label";
import { qualityGrade, type QualityGrade } from "../../shared/calls/quality-grade";
import { Button } from "./ui/button";
import { Ltr, ltrText } from "./ui/ltr";
import { Popover, PopoverContent, PopoverTrigger } from "./ui/popover";
import { cn } from "../lib/cn";
import { useLocale } from "../lib/use-locale";
import { useCountryName } from "../lib/rates/country-names";
import { canRate, formatDuration, formatStart, rowNumber } from "../lib/call-log-format";
import { Flag } from "./ui/flag";

/** Translation key of a status as the filters name it ("no-answer" → history.status.no_answer). */
export const statusKey = callStatusKey;

const STATUS_TONE: Record<CallStatus, string> = {
  initiated: "bg-sky-50 text-sky-800 ring-sky-200",
  ringing: "bg-sky-50 text-sky-800 ring-sky-200",
  answered: "bg-sky-50 text-sky-800 ring-sky-200",
  completed: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  busy: "bg-amber-50 text-amber-800 ring-amber-200",
  declined: "bg-amber-50 text-amber-800 ring-amber-200",
  "no-answer": "bg-amber-50 text-amber-800 ring-amber-200",
  canceled: "bg-slate-100 text-slate-700 ring-slate-200",
  failed: "bg-red-50 text-red-800 ring-red-200",
};

/** The row's outcome: an incoming call nobody answered reads Missed (callOutcomeKey). */
export function StatusBadge({ call }: { call: Pick<CallLog, "status" | "direction"> }) {
  const { t } = useTranslation();
  return <span className={cn("inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1", STATUS_TONE[call.status])}>{t(callOutcomeKey(call))}</span>;
}

/** The number, left to right even in Arabic, with an arrow saying which way the call went. */
export function NumberCell({ call }: { call: Pick<CallLog, "direction" | "toNumber" | "fromNumber"> }) {
  const { t } = useTranslation();
  const number = rowNumber(call);
  const Icon = call.direction === "inbound" ? PhoneIncoming : PhoneOutgoing;
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <Icon aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
      <span className="sr-only">{t(call.direction === "inbound" ? "history.direction.inbound" : "history.direction.outbound")}</span>
      {number ? <Ltr className="font-medium tabular-nums">{number}</Ltr> : <span className="text-slate-500">{t("history.hidden_number")}</span>}
    </span>
  );
}

export function CountryCell({ code }: { code: string }) {
  const nameOf = useCountryName();
  // A call the gate refused as not a number has no country.
  if (!code) return <span className="text-slate-400">—</span>;
  return (
    <span className="inline-flex items-center gap-2">
      <Flag code={code} lazy />
      <span>{nameOf(code)}</span>
    </span>
  );
}

/** A call's card begins with its number, the country under it, and its status beside them. */
export function CallCardHeading({ call }: { call: CallLog }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0 space-y-1">
        <NumberCell call={call} />
        <div className="text-sm text-slate-600">
          <CountryCell code={call.countryCode} />
        </div>
      </div>
      <StatusBadge call={call} />
    </div>
  );
}

/** In a call's card: when it started (the full width), then how long it lasted. */
export function CallTimeFacts({ call }: { call: CallLog }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      <div className="col-span-2">
        <dt className="text-slate-500">{t("history.column.start")}</dt>
        <dd>
          <time dateTime={call.startedAt}>{formatStart(call.startedAt, locale)}</time>
        </dd>
      </div>
      <div>
        <dt className="text-slate-500">{t("history.column.duration")}</dt>
        <dd className="tabular-nums">{formatDuration(call.durationSeconds, locale)}</dd>
      </div>
    </>
  );
}

/** The customer's stars, or a Rate button on a finished call that connected, or a dash. */
export function RatingCell({ call, onRate }: { call: CallLog; onRate: (call: CallLog) => void }) {
  const { t, i18n } = useTranslation();
  if (call.qualityRating !== null) {
    const stars = new Intl.NumberFormat(i18n.language).format(call.qualityRating);
    return (
      <span className="inline-flex items-center" role="img" aria-label={t("history.rated", { stars })}>
        {[1, 2, 3, 4, 5].map((star) => (
          <Star key={star} aria-hidden="true" className={cn("size-4", star <= (call.qualityRating ?? 0) ? "fill-amber-400 text-amber-400" : "text-slate-300")} />
        ))}
      </span>
    );
  }
  if (!canRate(call)) return <span className="text-slate-400">—</span>;
  return (
    <Button variant="secondary" size="sm" onClick={() => onRate(call)} aria-label={t("history.rate_call_aria", { number: ltrText(rowNumber(call) ?? "") })}>
      {t("history.rate")}
    </Button>
  );
}

const GRADE_TONE: Record<QualityGrade, string> = {
  good: "bg-emerald-500",
  fair: "bg-amber-500",
  poor: "bg-red-500",
};

/** Good / Fair / Poor, with the measured figures in a popover the keyboard can open too. */
export function QualityCell({ call }: { call: CallLog }) {
  const { t, i18n } = useTranslation();
  const grade = qualityGrade(call.quality);
  if (!grade || !call.quality) return <span className="text-slate-400">—</span>;
  const { rttMs, jitterMs, packetLoss, mos } = call.quality;
  const ms = new Intl.NumberFormat(i18n.language, { style: "unit", unit: "millisecond", unitDisplay: "short", maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 1 });
  const score = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const figures = [
    rttMs === null ? null : { key: "rtt", label: t("history.quality.rtt"), value: ms.format(rttMs) },
    jitterMs === null ? null : { key: "jitter", label: t("history.quality.jitter"), value: ms.format(jitterMs) },
    packetLoss === null ? null : { key: "loss", label: t("history.quality.loss"), value: percent.format(packetLoss) },
    mos === null ? null : { key: "mos", label: t("history.quality.mos"), value: score.format(mos) },
  ].filter((figure) => figure !== null);
  return (
    <Popover>
      <PopoverTrigger
        className="inline-flex items-center gap-1.5 rounded-md px-1.5 py-1 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        aria-label={t("history.quality.details_aria", { grade: t(`history.quality.${grade}`) })}
      >
        <span aria-hidden="true" className={cn("size-2.5 rounded-full", GRADE_TONE[grade])} />
        {t(`history.quality.${grade}`)}
      </PopoverTrigger>
      <PopoverContent className="w-56 p-3">
        <p className="mb-2 text-sm font-semibold">{t("history.quality.heading")}</p>
        <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
          {figures.map((figure) => (
            <div key={figure.key} className="contents">
              <dt className="text-slate-600">{figure.label}</dt>
              <dd className="text-end tabular-nums">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </PopoverContent>
    </Popover>
  );
}
