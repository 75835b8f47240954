import { useQuery } from "@tanstack/react-query";
import { ShieldCheck, UserCheck, UserPlus, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { adminOverview } from "../../../shared/api/admin-overview";
import { PageSpinner } from "../../components/ui/spinner";
import { callApi } from "../../lib/api-client";
import { usePageTitle } from "../../lib/use-page-title";
import { BackgroundWork } from "./background-work";
import { PAGE_WIDTH } from "../../components/ui/page-width";
import { cn } from "../../lib/cn";

/** /{lang}/dashboard: the back office's first screen, with live counts from the server. */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const overview = useQuery({ queryKey: ["admin", "overview"], queryFn: () => callApi(adminOverview) });
  usePageTitle(t("dashboard.title"));
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <main id="main" className={cn(PAGE_WIDTH, "py-10")}>
      <h1 className="text-2xl font-bold text-slate-900">{t("dashboard.title")}</h1>
      {overview.isPending ? <PageSpinner /> : null}
      {overview.isError ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-4 text-red-800">
          {t("errors.internal_error")}
        </p>
      ) : null}
      {overview.data ? (
        <>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {[
              { label: t("dashboard.users_total"), value: overview.data.users.total, Icon: Users },
              { label: t("dashboard.users_verified"), value: overview.data.users.verified, Icon: UserCheck },
              { label: t("dashboard.admins"), value: overview.data.users.admins, Icon: ShieldCheck },
              { label: t("dashboard.new_last_7_days"), value: overview.data.users.newLast7Days, Icon: UserPlus },
            ].map(({ label, value, Icon }) => (
              <li key={label} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <Icon aria-hidden="true" className="size-6 text-brand-600" />
                <p className="mt-3 text-3xl font-bold tabular-nums">{number.format(value)}</p>
                <p className="text-sm text-slate-600">{label}</p>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-xs text-slate-500">
            {t("dashboard.generated_at", { time: new Date(overview.data.generatedAt).toLocaleString(i18n.language) })}
          </p>
        </>
      ) : null}
      <BackgroundWork />
    </main>
  );
}

export default DashboardPage;

/** The strings this page waits for (app/page-routes.tsx): the counts' words and the background work's. */
export const pageStrings = ["dashboard.", "background."];
