import { useId, type ReactNode } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AdminDashboard, DashboardDestination, DashboardOutcome } from "../../../shared/api/admin-dashboard";
import { callStatusKey } from "../../../shared/calls/call-status-label";
import { formatUsd, parseMoney } from "../../../shared/money";
import { useCountryName } from "../../lib/rates/country-names";
import { moneyTicks } from "./money-ticks";

/**
 * The dashboard's charts, in their own chunk: recharts is loaded only when an admin opens the
 * dashboard (decision 038). Each chart is drawn for the eye and hidden from screen readers,
 * which read the same numbers from a visually hidden table beside it (the charts' own keyboard
 * layer is off: nothing inside an aria-hidden region may take focus).
 */
const COLOURS = { calls: "#1d4ed8", answered: "#0f766e", minutes: "#b45309", revenue: "#1d4ed8", margin: "#15803d" } as const;
const dollars = (money: string) => parseMoney(money) / 10_000;
/** A money axis's scale: whole-cent ticks (money-ticks.ts) and the range they span. */
const moneyAxis = (values: number[]) => {
  const ticks = moneyTicks(values);
  return { ticks, domain: [ticks[0] ?? 0, ticks.at(-1) ?? 0] as [number, number] };
};

function ChartFigure({ title, table, children }: { title: string; table: { head: string[]; rows: string[][] }; children: ReactNode }) {
  const id = useId();
  return (
    <figure aria-labelledby={id} className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h3 id={id} className="font-semibold text-slate-900">
        {title}
      </h3>
      <div aria-hidden="true" className="mt-3 h-64" data-chart>
        {children}
      </div>
      {/* In a hidden box: a table grows to its cells whatever width it is given, so it cannot be the box. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              {table.head.map((cell) => (
                <th key={cell} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row[0]}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={index}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

function useChartFormats() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const rtl = i18n.dir(locale) === "rtl";
  const number = new Intl.NumberFormat(locale);
  const day = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" });
  return {
    rtl,
    count: (value: number) => number.format(value),
    usd: (value: number) => formatUsd(Math.round(value * 10_000), locale),
    day: (iso: string) => day.format(new Date(`${iso}T00:00:00.000Z`)),
  };
}

function DestinationChart({ title, rows, measure }: { title: string; rows: DashboardDestination[]; measure: "minutes" | "margin" }) {
  const { t } = useTranslation();
  const format = useChartFormats();
  const countryName = useCountryName();
  const data = rows.map((row) => ({
    name: row.countryCode ? countryName(row.countryCode) : t("dashboard.unknown_country"),
    minutes: row.billedMinutes,
    margin: dollars(row.margin),
  }));
  const label = measure === "minutes" ? t("dashboard.figure.billed_minutes") : t("dashboard.figure.margin");
  const axis = measure === "margin" ? { ...moneyAxis(data.map((row) => row.margin)), tickFormatter: format.usd } : { tickFormatter: format.count };
  return (
    <ChartFigure
      title={title}
      table={{
        head: [t("dashboard.chart.country"), t("dashboard.figure.billed_minutes"), t("dashboard.figure.margin")],
        rows: data.map((row) => [row.name, format.count(row.minutes), format.usd(row.margin)]),
      }}
    >
      {data.length === 0 ? (
        <p className="text-sm text-slate-500">{t("dashboard.chart.no_calls")}</p>
      ) : (
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data} layout="vertical" margin={{ top: 4, right: 12, bottom: 4, left: 12 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" reversed={format.rtl} {...axis} />
            <YAxis type="category" dataKey="name" width={110} orientation={format.rtl ? "right" : "left"} />
            <Tooltip formatter={(value) => (measure === "minutes" ? format.count(Number(value)) : format.usd(Number(value)))} />
            <Bar dataKey={measure} name={label} fill={measure === "minutes" ? COLOURS.minutes : COLOURS.margin} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartFigure>
  );
}

function outcomeLabel(t: (key: string, values?: Record<string, string>) => string, outcome: DashboardOutcome): string {
  if (outcome.outcome === "refused") return t("dashboard.outcome.refused", { reason: t(`admin_calls.refusal.${outcome.refusalReason ?? "unknown_caller"}`) });
  if (outcome.outcome === "live") return t("dashboard.outcome.live");
  return t(callStatusKey(outcome.outcome));
}

export default function DashboardCharts({ data }: { data: AdminDashboard }) {
  const { t } = useTranslation();
  const format = useChartFormats();
  const daily = data.daily.map((row) => ({
    day: format.day(row.day),
    placed: row.callsPlaced,
    answered: row.callsAnswered,
    minutes: row.billedMinutes,
    revenue: dollars(row.revenue),
    margin: dollars(row.margin),
  }));
  const outcomes = data.outcomes.map((row) => ({ name: outcomeLabel(t, row), calls: row.calls }));
  // The calls' axis on the reading side, the minutes' across from it.
  const [firstSide, secondSide] = format.rtl ? (["right", "left"] as const) : (["left", "right"] as const);
  const placed = t("dashboard.figure.calls_placed");
  const answered = t("dashboard.figure.calls_answered");
  const minutes = t("dashboard.figure.billed_minutes");
  const revenue = t("dashboard.figure.revenue");
  const margin = t("dashboard.figure.margin");
  const moneyPerDay = moneyAxis(daily.flatMap((row) => [row.revenue, row.margin]));

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <ChartFigure
        title={t("dashboard.chart.calls_per_day")}
        table={{ head: [t("dashboard.chart.day"), placed, answered, minutes], rows: daily.map((row) => [row.day, format.count(row.placed), format.count(row.answered), format.count(row.minutes)]) }}
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart accessibilityLayer={false} data={daily} margin={{ top: 4, right: 8, bottom: 4, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" reversed={format.rtl} />
            <YAxis yAxisId="calls" orientation={firstSide} allowDecimals={false} tickFormatter={format.count} />
            <YAxis yAxisId="minutes" orientation={secondSide} allowDecimals={false} tickFormatter={format.count} />
            <Tooltip formatter={(value) => format.count(Number(value))} />
            <Legend />
            <Line yAxisId="calls" type="monotone" dataKey="placed" name={placed} stroke={COLOURS.calls} dot={false} />
            <Line yAxisId="calls" type="monotone" dataKey="answered" name={answered} stroke={COLOURS.answered} dot={false} />
            <Line yAxisId="minutes" type="monotone" dataKey="minutes" name={minutes} stroke={COLOURS.minutes} strokeDasharray="5 3" dot={false} />
          </LineChart>
        </ResponsiveContainer>
      </ChartFigure>
      <ChartFigure
        title={t("dashboard.chart.money_per_day")}
        table={{ head: [t("dashboard.chart.day"), revenue, margin], rows: daily.map((row) => [row.day, format.usd(row.revenue), format.usd(row.margin)]) }}
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart accessibilityLayer={false} data={daily} margin={{ top: 4, right: 8, bottom: 4, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" reversed={format.rtl} />
            <YAxis orientation={firstSide} tickFormatter={format.usd} ticks={moneyPerDay.ticks} domain={moneyPerDay.domain} width={70} />
            <Tooltip formatter={(value) => format.usd(Number(value))} />
            <Legend />
            <Line type="monotone" dataKey="revenue" name={revenue} stroke={COLOURS.revenue} dot={false} />
            <Line type="monotone" dataKey="margin" name={margin} stroke={COLOURS.margin} dot={false} />
          </LineChart>
        </ResponsiveContainer>
      </ChartFigure>
      <DestinationChart title={t("dashboard.chart.top_minutes")} rows={data.topByMinutes} measure="minutes" />
      <DestinationChart title={t("dashboard.chart.top_margin")} rows={data.topByMargin} measure="margin" />
      <ChartFigure
        title={t("dashboard.chart.outcomes")}
        table={{ head: [t("dashboard.chart.outcome"), t("dashboard.chart.calls")], rows: outcomes.map((row) => [row.name, format.count(row.calls)]) }}
      >
        {outcomes.length === 0 ? (
          <p className="text-sm text-slate-500">{t("dashboard.chart.no_calls")}</p>
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            <BarChart accessibilityLayer={false} data={outcomes} layout="vertical" margin={{ top: 4, right: 12, bottom: 4, left: 12 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" reversed={format.rtl} allowDecimals={false} tickFormatter={format.count} />
              <YAxis type="category" dataKey="name" width={150} orientation={format.rtl ? "right" : "left"} />
              <Tooltip formatter={(value) => format.count(Number(value))} />
              <Bar dataKey="calls" name={t("dashboard.chart.calls")} fill={COLOURS.calls} />
            </BarChart>
          </ResponsiveContainer>
        )}
      </ChartFigure>
    </div>
  );
}
