import type { ReactNode } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Link } from "react-router";
import type { AdminDashboard } from "../../../shared/api/admin-dashboard";
import { callStatusKey } from "../../../shared/calls/call-status-label";
import { formatUsd, parseMoney } from "../../../shared/money";
import { chargedNothing } from "../../../shared/payments/charged";
import { NoAmount } from "../../components/ui/no-amount";
import { NumberCell } from "../../components/call-log-cells";
import { formatStart } from "../../lib/call-log-format";
import { localePath, useLocale } from "../../lib/use-locale";

function ActivityList({ title, allLabel, to, empty, children }: { title: string; allLabel: string; to: string; empty: string; children: ReactNode[] }) {
  return (
    <section aria-label={title} className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <Link to={to} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
          {allLabel}
        </Link>
      </div>
      {children.length === 0 ? <p className="mt-3 text-sm text-slate-500">{empty}</p> : <ul className="mt-3 divide-y divide-slate-100">{children}</ul>}
    </section>
  );
}

const rowClass = "flex flex-wrap items-baseline justify-between gap-x-3 py-2 text-sm";

/** The newest calls, payments and open support threads, each linking to its own back-office page. */
export function LatestActivity({ data }: { data: AdminDashboard }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const usd = (amount: string) => formatUsd(parseMoney(amount), locale);
  const calls = localePath(locale, "/calls");
  const payments = localePath(locale, "/admin-payments");
  const support = localePath(locale, "/admin-support");
  return (
    <section aria-labelledby="dashboard-latest-title" className="mt-10">
      <h2 id="dashboard-latest-title" className="text-xl font-bold text-slate-900">
        {t("dashboard.latest_title")}
      </h2>
      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <ActivityList title={t("dashboard.latest_calls")} allLabel={t("dashboard.see_all_calls")} to={calls} empty={t("dashboard.no_calls_yet")}>
          {data.latestCalls.map((call) => (
            <li key={call.callSid} className={rowClass}>
              <Link to={calls} className="min-w-0 truncate font-medium text-slate-900 hover:underline">
                <NumberCell call={call} />
              </Link>
              <span className="tabular-nums text-slate-700">{usd(call.cost)}</span>
              <span className="basis-full truncate text-xs text-slate-500">
                {call.email} · {t(callStatusKey(call.status))} · {formatStart(call.startedAt, locale)}
              </span>
            </li>
          ))}
        </ActivityList>
        <ActivityList title={t("dashboard.latest_payments")} allLabel={t("dashboard.see_all_payments")} to={payments} empty={t("dashboard.no_payments_yet")}>
          {data.latestPayments.map((payment) => (
            <li key={payment.id} className={rowClass}>
              <Link to={payments} className="min-w-0 truncate font-medium text-slate-900 hover:underline">
                {payment.email}
              </Link>
              <span className="tabular-nums text-slate-700">{chargedNothing(payment.status) ? <NoAmount label={t("dashboard.nothing_paid")} /> : usd(payment.amount)}</span>
              <span className="basis-full text-xs text-slate-500">
                {t(`admin_payments.status.${payment.status}`)} · {formatStart(payment.createdAt, locale)}
              </span>
            </li>
          ))}
        </ActivityList>
        <ActivityList title={t("dashboard.open_support")} allLabel={t("dashboard.see_all_support")} to={support} empty={t("dashboard.no_open_support")}>
          {data.openSupport.map((thread) => (
            <li key={thread.id} className={rowClass}>
              <Link to={`${support}?c=${encodeURIComponent(thread.id)}`} className="min-w-0 truncate font-medium text-slate-900 hover:underline">
                {thread.subject ?? thread.who}
              </Link>
              {thread.unread > 0 ? <span className="rounded-full bg-brand-50 px-2 text-xs font-medium text-brand-800">{t("dashboard.unread", { value: thread.unread })}</span> : null}
              <span className="basis-full truncate text-xs text-slate-500">
                {thread.reference} · {thread.who} · {formatStart(thread.lastMessageAt, locale)}
              </span>
            </li>
          ))}
        </ActivityList>
      </div>
    </section>
  );
}
