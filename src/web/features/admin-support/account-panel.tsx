import { useTranslation } from "../../lib/i18n/use-translation";
import type { AdminSupportAccount } from "../../../shared/api/admin-support";
import { callStatusKey } from "../../../shared/calls/call-status-label";
import { formatUsd, parseMoney } from "../../../shared/money";
import { Ltr } from "../../components/ui/ltr";
import { formatDuration } from "../../lib/call-log-format";
import { useLocale } from "../../lib/use-locale";

const HEADING = "text-sm font-semibold uppercase tracking-wide text-slate-500";

/** The customer's account beside their conversation: balance, since when, and their latest calls and payments. */
export function AccountPanel({ account }: { account: AdminSupportAccount }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "medium" });
  const moment = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short" });
  const usd = (amount: string, decimals: 2 | 4 = 2) => formatUsd(parseMoney(amount), locale, decimals);
  return (
    <aside aria-labelledby="support-account" className="space-y-5 self-start rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="support-account" className="text-base font-semibold text-slate-900">
        {t("admin_support.account.heading")}
      </h2>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-slate-500">{t("admin_support.account.balance")}</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900" data-testid="support-account-balance">
            {usd(account.balance)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("admin_support.account.member_since")}</dt>
          <dd className="font-medium text-slate-900">{day.format(new Date(account.memberSince))}</dd>
        </div>
      </dl>
      <section className="space-y-2">
        <h3 className={HEADING}>{t("admin_support.account.recent_calls")}</h3>
        {account.recentCalls.length === 0 ? (
          <p className="text-sm text-slate-600">{t("admin_support.account.no_calls")}</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {account.recentCalls.map((call) => (
              <li key={call.callSid} className="rounded-lg bg-slate-50 p-2">
                <span className="flex justify-between gap-2">
                  <Ltr className="font-medium text-slate-900">{call.toNumber}</Ltr>
                  <span className="tabular-nums">{usd(call.costUsd, 4)}</span>
                </span>
                <span className="flex justify-between gap-2 text-slate-600">
                  <span>
                    {t(callStatusKey(call.status))} · {formatDuration(call.durationSeconds, locale)}
                  </span>
                  <time dateTime={call.startedAt}>{moment.format(new Date(call.startedAt))}</time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="space-y-2">
        <h3 className={HEADING}>{t("admin_support.account.recent_payments")}</h3>
        {account.recentPayments.length === 0 ? (
          <p className="text-sm text-slate-600">{t("admin_support.account.no_payments")}</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {account.recentPayments.map((payment) => (
              <li key={payment.id} className="flex justify-between gap-2 rounded-lg bg-slate-50 p-2">
                <span>
                  <span className="font-medium tabular-nums text-slate-900">{usd(payment.amountUsd)}</span> · {t(`admin_payments.status.${payment.status}`)}
                </span>
                <time dateTime={payment.createdAt} className="text-slate-600">
                  {moment.format(new Date(payment.createdAt))}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </aside>
  );
}
