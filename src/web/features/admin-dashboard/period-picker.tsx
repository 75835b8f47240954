import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { useSearchParams } from "react-router";
import { adminDashboardQuery, DASHBOARD_MAX_DAYS, DASHBOARD_PERIODS, type AdminDashboardQuery, type DashboardPeriod } from "../../../shared/api/admin-dashboard";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { cn } from "../../lib/cn";

/** The period in the page's address (?period=30d, ?period=custom&from=…&to=…), so a link or a reload keeps it. */
export function usePeriodQuery(): [AdminDashboardQuery, (next: AdminDashboardQuery) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = adminDashboardQuery.safeParse({
    period: params.get("period") ?? undefined,
    from: params.get("from") ?? undefined,
    to: params.get("to") ?? undefined,
  });
  const query: AdminDashboardQuery = parsed.success ? parsed.data : { period: "7d" };
  const choose = (next: AdminDashboardQuery) => {
    const search = new URLSearchParams({ period: next.period });
    if (next.period === "custom" && next.from && next.to) {
      search.set("from", next.from);
      search.set("to", next.to);
    }
    setParams(search, { replace: true });
  };
  return [query, choose];
}

const LABEL_KEYS: Record<DashboardPeriod, string> = {
  today: "dashboard.period.today",
  "7d": "dashboard.period.7d",
  "30d": "dashboard.period.30d",
  custom: "dashboard.period.custom",
};

/** Today, 7 or 30 days, or the admin's own first and last day (UTC days, said beside the picker). */
export function PeriodPicker({ query, onChange }: { query: AdminDashboardQuery; onChange: (next: AdminDashboardQuery) => void }) {
  const { t } = useTranslation();
  const [customOpen, setCustomOpen] = useState(query.period === "custom");
  const [from, setFrom] = useState(query.from ?? "");
  const [to, setTo] = useState(query.to ?? "");
  const [error, setError] = useState<string | null>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminDashboardQuery.safeParse({ period: "custom", from, to });
    if (!parsed.success) {
      setError(from && to && from > to ? t("dashboard.period.error_order") : from && to ? t("dashboard.period.error_length", { days: DASHBOARD_MAX_DAYS }) : t("dashboard.period.error_missing"));
      return;
    }
    setError(null);
    onChange(parsed.data);
  };

  return (
    <div className="mt-6 space-y-3">
      <div role="group" aria-label={t("dashboard.period.label")} className="flex flex-wrap gap-2">
        {DASHBOARD_PERIODS.map((period) => {
          const pressed = period === "custom" ? customOpen : !customOpen && query.period === period;
          return (
            <Button
              key={period}
              variant={pressed ? "primary" : "secondary"}
              size="sm"
              aria-pressed={pressed}
              onClick={() => {
                if (period === "custom") return setCustomOpen(true);
                setCustomOpen(false);
                onChange({ period });
              }}
            >
              {t(LABEL_KEYS[period])}
            </Button>
          );
        })}
      </div>
      {customOpen ? (
        <form onSubmit={apply} noValidate className="flex flex-wrap items-end gap-3">
          <label className="space-y-1 text-sm font-medium text-slate-800">
            <span className="block">{t("dashboard.period.from")}</span>
            <Input type="date" value={from} onChange={(event) => setFrom(event.target.value)} className="w-auto" aria-invalid={error ? true : undefined} />
          </label>
          <label className="space-y-1 text-sm font-medium text-slate-800">
            <span className="block">{t("dashboard.period.to")}</span>
            <Input type="date" value={to} onChange={(event) => setTo(event.target.value)} className="w-auto" aria-invalid={error ? true : undefined} />
          </label>
          <Button type="submit" size="md">
            {t("dashboard.period.apply")}
          </Button>
          {error ? (
            <p role="alert" className="basis-full text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
      <p className={cn("text-sm text-slate-600")}>{t("dashboard.period.utc_note")}</p>
    </div>
  );
}
