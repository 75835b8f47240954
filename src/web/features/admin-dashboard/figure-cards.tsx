import { useTranslation } from "../../lib/i18n/use-translation";
import type { AdminDashboard, DashboardFigures } from "../../../shared/api/admin-dashboard";
import { formatUsd, parseMoney } from "../../../shared/money";
import { cn } from "../../lib/cn";

type Kind = "count" | "usd" | "share" | "rating";

interface Figure {
  id: string;
  kind: Kind;
  /** Which way is good news, for the change's colour; the words say the direction either way. */
  better: "up" | "down" | "neither";
  value(figures: DashboardFigures): number | null;
}

const usd = (field: "revenue" | "carrierCost" | "margin" | "creditSold" | "refunds" | "creditedBack") => (figures: DashboardFigures) => parseMoney(figures[field]);
const goodShare = (figures: DashboardFigures) => (figures.quality.measuredCalls === 0 ? null : figures.quality.good / figures.quality.measuredCalls);

const FIGURES: Figure[] = [
  { id: "sign_ups", kind: "count", better: "up", value: (f) => f.signUps },
  { id: "active_customers", kind: "count", better: "up", value: (f) => f.activeCustomers },
  { id: "calls_placed", kind: "count", better: "up", value: (f) => f.callsPlaced },
  { id: "calls_answered", kind: "count", better: "up", value: (f) => f.callsAnswered },
  { id: "answer_rate", kind: "share", better: "up", value: (f) => f.answerRate },
  { id: "billed_minutes", kind: "count", better: "up", value: (f) => f.billedMinutes },
  { id: "revenue", kind: "usd", better: "up", value: usd("revenue") },
  { id: "carrier_cost", kind: "usd", better: "neither", value: usd("carrierCost") },
  { id: "margin", kind: "usd", better: "up", value: usd("margin") },
  { id: "credit_sold", kind: "usd", better: "up", value: usd("creditSold") },
  { id: "refunds", kind: "usd", better: "down", value: usd("refunds") },
  { id: "credited_back", kind: "usd", better: "down", value: usd("creditedBack") },
  { id: "average_rating", kind: "rating", better: "up", value: (f) => f.averageRating },
  { id: "network_quality", kind: "share", better: "up", value: goodShare },
];

function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return (kind: Kind, value: number | null): string => {
    if (value === null) return "–";
    if (kind === "usd") return formatUsd(value, locale);
    if (kind === "share") return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(value);
    if (kind === "rating") return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
    return new Intl.NumberFormat(locale).format(value);
  };
}

/** The change from the previous period: relative for counts and money, in points for shares, in stars for ratings. */
function useChange() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (figure: Figure, current: number | null, previous: number | null): { text: string; tone: "good" | "bad" | "plain" } => {
    if (current === null || previous === null) return { text: t("dashboard.change.not_comparable"), tone: "plain" };
    if (current === previous) return { text: t("dashboard.change.same"), tone: "plain" };
    const up = current > previous;
    const tone = figure.better === "neither" ? "plain" : (figure.better === "up") === up ? "good" : "bad";
    let amount: string;
    if (figure.kind === "share") {
      amount = t("dashboard.change.points", { value: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(Math.abs(current - previous) * 100) });
    } else if (figure.kind === "rating") {
      amount = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.abs(current - previous));
    } else if (previous === 0) {
      return { text: t("dashboard.change.new"), tone };
    } else {
      amount = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(Math.abs(current - previous) / Math.abs(previous));
    }
    return { text: t(up ? "dashboard.change.up" : "dashboard.change.down", { amount }), tone };
  };
}

const TONES = { good: "text-emerald-700", bad: "text-red-700", plain: "text-slate-600" } as const;

/** The period's figures, each beside the previous period's and the change between them. */
export function FigureCards({ data }: { data: AdminDashboard }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const change = useChange();
  const number = new Intl.NumberFormat(i18n.language);
  const { quality } = data.current;
  return (
    <section aria-labelledby="dashboard-figures-title" className="mt-8">
      <h2 id="dashboard-figures-title" className="text-xl font-bold text-slate-900">
        {t("dashboard.figures_title")}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FIGURES.map((figure) => {
          const current = figure.value(data.current);
          const previous = figure.value(data.previous);
          const { text, tone } = change(figure, current, previous);
          return (
            <li key={figure.id} data-figure={figure.id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <p className="text-sm font-medium text-slate-600">{t(`dashboard.figure.${figure.id}`)}</p>
              <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{format(figure.kind, current)}</p>
              <p className={cn("mt-1 text-sm font-medium", TONES[tone])}>{text}</p>
              <p className="text-xs text-slate-500">{t("dashboard.previous_value", { value: format(figure.kind, previous) })}</p>
              {figure.id === "network_quality" ? (
                <p className="mt-1 text-xs text-slate-500">
                  {t("dashboard.quality_detail", { measured: number.format(quality.measuredCalls), fair: number.format(quality.fair), poor: number.format(quality.poor) })}
                </p>
              ) : null}
              {figure.id === "average_rating" ? <p className="mt-1 text-xs text-slate-500">{t("dashboard.rated_calls", { value: number.format(data.current.ratedCalls) })}</p> : null}
              {figure.id === "credited_back" ? (
                <p className="mt-1 text-xs text-slate-500">
                  {t("dashboard.credited_back_why", {
                    manual: format("usd", parseMoney(data.current.creditedBackBy.manual)),
                    short: format("usd", parseMoney(data.current.creditedBackBy.shortCall)),
                    poor: format("usd", parseMoney(data.current.creditedBackBy.poorQuality)),
                  })}
                </p>
              ) : null}
              {figure.id === "credit_sold" ? <p className="mt-1 text-xs text-slate-500">{t("dashboard.purchases", { value: number.format(data.current.purchases) })}</p> : null}
            </li>
          );
        })}
        <li data-figure="outstanding_balance" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <p className="text-sm font-medium text-slate-600">{t("dashboard.figure.outstanding_balance")}</p>
          <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{format("usd", parseMoney(data.outstandingBalance))}</p>
          <p className="mt-1 text-xs text-slate-500">{t("dashboard.outstanding_note")}</p>
        </li>
      </ul>
    </section>
  );
}
