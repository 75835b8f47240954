import { Scale } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { creditLedgerCsvPath } from "../../../shared/api/credit-audit";
import { CsvLink } from "../../components/list-page/csv-link";
import { ListResults } from "../../components/list-page/list-results";
import { useListSearch } from "../../components/list-page/list-search";
import { Switch } from "../../components/ui/switch";
import { cn } from "../../lib/cn";
import { useLocale } from "../../lib/use-locale";
import { useMediaQuery } from "../../lib/use-media-query";
import { usePageTitle } from "../../lib/use-page-title";
import { AccountsView } from "./accounts-view";
import { AdjustmentForm } from "../../components/credit-adjustment-form";
import { LEDGER_SEARCH, rangeIsBackwards, useCreditAccounts, useCreditLedger } from "./credit-audit-api";
import { CREDIT_AUDIT_PREFIXES, useCreditAuditStrings } from "./credit-audit-strings";
import { LedgerFilters } from "./ledger-filters";
import { LedgerView } from "./ledger-view";
import { SummaryCards } from "./summary-cards";
import { PAGE_WIDTH } from "../../components/ui/page-width";

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

  // The ledger's filter and page live in the address, as every list's do.
  const { filter, page, change, update, changePage, filtered } = useListSearch(LEDGER_SEARCH);
  const ledger = useCreditLedger(filter, page);
  const clearLedgerFilters = () => change(null);

  return (
    <main id="main" className={cn(PAGE_WIDTH, "space-y-8 py-10")}>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t("credit_audit.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("credit_audit.subtitle")}</p>
      </header>

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
        <ListResults
          query={accounts}
          total={(data) => (onlyDrifted ? data.summary.driftedAccounts : data.summary.accounts)}
          rows={(data) => data.accounts.length}
          loadError={t("credit_audit.accounts_load_error")}
          // The switch is the only narrowing, and it is beside the heading: no Clear filters here.
          filtered={false}
          onClearFilters={() => setOnlyDrifted(false)}
          empty={
            <>
              <Scale aria-hidden="true" className="size-10 text-slate-400" />
              <p>{onlyDrifted ? t("credit_audit.no_drifted_accounts") : t("credit_audit.no_accounts")}</p>
            </>
          }
          noMatches={t("credit_audit.no_drifted_accounts")}
          pagerLabel={t("credit_audit.accounts_pagination")}
          onPage={setAccountsPage}
        >
          {(data) => <AccountsView accounts={data.accounts} wide={wide} />}
        </ListResults>
      </section>

      <AdjustmentForm />

      <section aria-labelledby="credit-ledger" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="credit-ledger" className="text-lg font-semibold text-slate-900">
            {t("credit_audit.ledger_heading")}
          </h2>
          <CsvLink href={LEDGER_SEARCH.csvHref(creditLedgerCsvPath, filter, locale)} />
        </div>
        <LedgerFilters
          // A new filter from outside (cleared, back or forward) starts the typed fields afresh.
          key={JSON.stringify(filter)}
          filter={filter}
          onChange={update}
          onClear={clearLedgerFilters}
        />
        <ListResults
          query={ledger}
          asking={!rangeIsBackwards(filter)}
          total={(data) => data.total}
          rows={(data) => data.entries.length}
          loadError={t("credit_audit.ledger_load_error")}
          filtered={filtered}
          onClearFilters={clearLedgerFilters}
          empty={<p>{t("credit_audit.ledger_empty")}</p>}
          noMatches={t("credit_audit.no_matches")}
          pagerLabel={t("credit_audit.ledger_pagination")}
          onPage={changePage}
        >
          {(data) => <LedgerView entries={data.entries} wide={wide} />}
        </ListResults>
      </section>
    </main>
  );
}

export default CreditAuditPage;

/** The strings this page waits for (app/page-routes.tsx). */
export const pageStrings = CREDIT_AUDIT_PREFIXES;
