import { Download, Scale } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CreditLedgerFilter } from "../../../shared/api/credit-audit";
import { Button, buttonVariants } from "../../components/ui/button";
import { PageSpinner } from "../../components/ui/spinner";
import { Switch } from "../../components/ui/switch";
import { cn } from "../../lib/cn";
import { useLocale } from "../../lib/use-locale";
import { useMediaQuery } from "../../lib/use-media-query";
import { usePageTitle } from "../../lib/use-page-title";
import { apiErrorMessage } from "../../lib/api-error-message";
import { AccountsView } from "./accounts-view";
import { AdjustmentForm } from "../../components/credit-adjustment-form";
import { AuditPager } from "./audit-pager";
import { ledgerCsvHref, rangeIsBackwards, useCreditAccounts, useCreditLedger } from "./credit-audit-api";
import { CREDIT_AUDIT_PREFIXES, useCreditAuditStrings } from "./credit-audit-strings";
import { LedgerFilters } from "./ledger-filters";
import { LedgerView } from "./ledger-view";
import { SummaryCards } from "./summary-cards";
import { PAGE_WIDTH } from "../../components/ui/page-width";

function LoadError({ message, detail, onRetry }: { message: string; detail: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl bg-red-50 p-4 text-red-800">
      <p>
        {message} {detail}
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t("credit_audit.retry")}
      </Button>
    </div>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-10 text-center text-slate-700 shadow-sm ring-1 ring-slate-200">{children}</div>;
}

/** /{lang}/credit-audit: the summary, per-account reconciliation, every ledger row, CSV, and manual adjustments. */
export function CreditAuditPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  useCreditAuditStrings();
  usePageTitle(t("credit_audit.title"));
  // Phones get cards: eight columns cannot be read at 390 px.
  const wide = useMediaQuery("(min-width: 1024px)");

  const [onlyDrifted, setOnlyDrifted] = useState(false);
  const [accountsPage, setAccountsPage] = useState(1);
  const accounts = useCreditAccounts(onlyDrifted, accountsPage);

  const [filter, setFilter] = useState<CreditLedgerFilter>({});
  const [ledgerPage, setLedgerPage] = useState(1);
  const ledger = useCreditLedger(filter, ledgerPage);
  const filtered = Object.keys(filter).length > 0;

  return (
    <main id="main" className={cn(PAGE_WIDTH, "space-y-8 py-10")}>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t("credit_audit.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("credit_audit.subtitle")}</p>
      </header>

      {accounts.isPending ? <PageSpinner /> : null}
      {accounts.isError ? <LoadError message={t("credit_audit.accounts_load_error")} detail={apiErrorMessage(t, accounts.error)} onRetry={() => void accounts.refetch()} /> : null}
      {accounts.data ? <SummaryCards summary={accounts.data.summary} /> : null}

      <section aria-labelledby="credit-accounts" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="credit-accounts" className="text-lg font-semibold text-slate-900">
            {t("credit_audit.accounts_heading")}
          </h2>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <Switch
              checked={onlyDrifted}
              onCheckedChange={(checked) => {
                setOnlyDrifted(checked);
                setAccountsPage(1);
              }}
            />
            {t("credit_audit.only_drifted")}
          </label>
        </div>
        {accounts.data && accounts.data.accounts.length === 0 ? (
          <Empty>
            <Scale aria-hidden="true" className="size-10 text-slate-400" />
            <p>{onlyDrifted ? t("credit_audit.no_drifted_accounts") : t("credit_audit.no_accounts")}</p>
          </Empty>
        ) : null}
        {accounts.data && accounts.data.accounts.length > 0 ? (
          <div className={cn("space-y-3 transition-opacity", accounts.isPlaceholderData && "opacity-60")} aria-busy={accounts.isFetching}>
            <AccountsView accounts={accounts.data.accounts} wide={wide} />
            <AuditPager label={t("credit_audit.accounts_pagination")} page={accounts.data.page} pageCount={accounts.data.pageCount} onPage={setAccountsPage} />
          </div>
        ) : null}
      </section>

      <AdjustmentForm />

      <section aria-labelledby="credit-ledger" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="credit-ledger" className="text-lg font-semibold text-slate-900">
            {t("credit_audit.ledger_heading")}
          </h2>
          <a href={ledgerCsvHref(filter, locale)} download className={buttonVariants({ variant: "secondary" })}>
            <Download aria-hidden="true" className="size-4" />
            {t("credit_audit.export_csv")}
          </a>
        </div>
        <LedgerFilters
          // A new filter from outside (cleared from the empty state) starts the typed fields afresh.
          key={JSON.stringify(filter)}
          filter={filter}
          onChange={(next) => {
            setFilter(next);
            setLedgerPage(1);
          }}
        />
        {ledger.isPending && !rangeIsBackwards(filter) ? <PageSpinner /> : null}
        {ledger.isError ? <LoadError message={t("credit_audit.ledger_load_error")} detail={apiErrorMessage(t, ledger.error)} onRetry={() => void ledger.refetch()} /> : null}
        {ledger.data && ledger.data.total === 0 ? (
          <Empty>
            <p>{filtered ? t("credit_audit.no_matches") : t("credit_audit.ledger_empty")}</p>
            {filtered ? (
              <Button variant="secondary" onClick={() => setFilter({})}>
                {t("credit_audit.clear_filters")}
              </Button>
            ) : null}
          </Empty>
        ) : null}
        {ledger.data && ledger.data.entries.length === 0 && ledger.data.total > 0 ? (
          <Empty>
            <p>{t("credit_audit.page_past_end")}</p>
            <Button variant="secondary" onClick={() => setLedgerPage(1)}>
              {t("credit_audit.first_page")}
            </Button>
          </Empty>
        ) : null}
        {ledger.data && ledger.data.entries.length > 0 ? (
          <div className={cn("space-y-3 transition-opacity", ledger.isPlaceholderData && "opacity-60")} aria-busy={ledger.isFetching}>
            <LedgerView entries={ledger.data.entries} wide={wide} />
            <AuditPager label={t("credit_audit.ledger_pagination")} page={ledger.data.page} pageCount={ledger.data.pageCount} onPage={setLedgerPage} />
          </div>
        ) : null}
      </section>
    </main>
  );
}

export default CreditAuditPage;

/** The strings this page waits for (app/page-routes.tsx). */
export const pageStrings = CREDIT_AUDIT_PREFIXES;
