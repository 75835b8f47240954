import { lazy } from "react";
import { CommittedBoundary } from "../../lib/committed-boundary";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Spinner } from "../../components/ui/spinner";
import { PAGE_WIDTH } from "../../components/ui/page-width";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { usePageTitle } from "../../lib/use-page-title";
import { BackgroundWork } from "./background-work";
import { useAdminDashboard } from "./dashboard-api";
import { FigureCards } from "./figure-cards";
import { LatestActivity } from "./latest-activity";
import { PeriodPicker, usePeriodQuery } from "./period-picker";

// recharts is large and only admins see charts: its chunk loads when this page draws them (decision 038).
const DashboardCharts = lazy(() => import("./dashboard-charts"));

/** /{lang}/dashboard: the business's figures for a period beside the one before, its charts, the latest activity and the background work. */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t("dashboard.title"));
  const [query, setQuery] = usePeriodQuery();
  const dashboard = useAdminDashboard(query);
  const data = dashboard.data;
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  const dayOf = (iso: string) => day.format(new Date(`${iso}T00:00:00.000Z`));

  return (
    <main id="main" className={cn(PAGE_WIDTH, "py-10")}>
      <h1 className="text-2xl font-bold text-slate-900">{t("dashboard.title")}</h1>
      <PeriodPicker query={query} onChange={setQuery} />
      {dashboard.isPending ? <Spinner className="mt-6" label={t("dashboard.loading")} /> : null}
      {dashboard.isError && !data ? (
        <div role="alert" className="mt-6 flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-4 text-red-800">
          <p>{t("dashboard.load_error")}</p>
          <Button variant="secondary" size="sm" onClick={() => void dashboard.refetch()}>
            {t("dashboard.retry")}
          </Button>
        </div>
      ) : null}
      {data ? (
        <div aria-busy={dashboard.isFetching} className={cn(dashboard.isPlaceholderData && "opacity-60")}>
          <p className="mt-4 text-sm text-slate-700">
            {t("dashboard.period.showing", {
              from: dayOf(data.period.from),
              to: dayOf(data.period.to),
              previousFrom: dayOf(data.period.previousFrom),
              previousTo: dayOf(data.period.previousTo),
            })}
          </p>
          {data.current.callsPlaced === 0 && data.current.signUps === 0 && data.current.purchases === 0 ? (
            <p className="mt-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-700">{t("dashboard.empty_period")}</p>
          ) : null}
          <FigureCards data={data} />
          <section aria-labelledby="dashboard-charts-title" className="mt-10">
            <h2 id="dashboard-charts-title" className="text-xl font-bold text-slate-900">
              {t("dashboard.charts_title")}
            </h2>
            <div className="mt-4">
              <CommittedBoundary fallback={<Spinner label={t("dashboard.loading_charts")} />}>
                <DashboardCharts data={data} />
              </CommittedBoundary>
            </div>
          </section>
          <LatestActivity data={data} />
          <p className="mt-4 text-xs text-slate-500">{t("dashboard.generated_at", { time: new Date(data.generatedAt).toLocaleString(i18n.language) })}</p>
        </div>
      ) : null}
      <BackgroundWork />
    </main>
  );
}

export default DashboardPage;

/** The strings this page waits for (app/page-routes.tsx): its own, the background work's, and the call and payment words it reuses. */
export const pageStrings = ["dashboard.", "background.", "history.status.", "history.direction.", "history.hidden_number", "admin_calls.refusal.", "admin_payments.status."];
