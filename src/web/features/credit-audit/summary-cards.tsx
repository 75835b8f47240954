import { AlertTriangle, CheckCircle2 } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { CreditAuditSummary } from "../../../shared/api/credit-audit";
import { Card } from "../../components/ui/card";
import { Ltr } from "../../components/ui/ltr";
import { useLocale } from "../../lib/use-locale";
import { formatExactUsd } from "./audit-format";

/** Accounts, the balances they hold, and how many drifted from their ledger. */
export function SummaryCards({ summary }: { summary: CreditAuditSummary }) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const number = new Intl.NumberFormat(i18n.language);
  const reconciled = summary.driftedAccounts === 0;
  return (
    <section aria-labelledby="credit-audit-summary" className="space-y-3">
      <h2 id="credit-audit-summary" className="sr-only">
        {t("credit_audit.summary_heading")}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Card className="space-y-1">
          <dt className="text-sm text-slate-600">{t("credit_audit.summary_accounts")}</dt>
          <dd className="text-2xl font-semibold tabular-nums text-slate-900">{number.format(summary.accounts)}</dd>
        </Card>
        <Card className="space-y-1">
          <dt className="text-sm text-slate-600">{t("credit_audit.summary_total_balance")}</dt>
          <dd className="text-2xl font-semibold tabular-nums text-slate-900">
            <Ltr>{formatExactUsd(summary.totalBalance, locale)}</Ltr>
          </dd>
          <dd className="text-sm text-slate-600">
            {t("credit_audit.summary_total_ledger")} <Ltr>{formatExactUsd(summary.totalLedger, locale)}</Ltr>
          </dd>
        </Card>
        <Card className={reconciled ? "space-y-1" : "space-y-1 ring-2 ring-red-300"}>
          <dt className="text-sm text-slate-600">{t("credit_audit.summary_drift")}</dt>
          <dd className={reconciled ? "text-2xl font-semibold tabular-nums text-slate-900" : "text-2xl font-semibold tabular-nums text-red-700"}>
            {number.format(summary.driftedAccounts)}
          </dd>
        </Card>
      </dl>
      <p role="status" className={reconciled ? "flex items-center gap-2 text-sm font-medium text-emerald-700" : "flex items-center gap-2 text-sm font-medium text-red-700"}>
        {reconciled ? <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" /> : <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />}
        {reconciled ? t("credit_audit.all_reconciled") : t("credit_audit.some_drifted", { number: number.format(summary.driftedAccounts) })}
      </p>
    </section>
  );
}
