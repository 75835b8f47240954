import { Download } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { notify } from "../../lib/notify";
import type { AdminCountryRate } from "../../../shared/api/admin-rates";
import { buttonVariants, Button } from "../../components/ui/button";
import { PageSpinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { useLocale } from "../../lib/use-locale";
import { useMediaQuery } from "../../lib/use-media-query";
import { useCountryName } from "../../lib/rates/country-names";
import { usePageTitle } from "../../lib/use-page-title";
import { exportHref, useAdminCountryRates, useUpdateCountryRate, type CountryRateUpdate } from "./admin-rates-api";
import { apiErrorMessage } from "../../lib/api-error-message";
import { AuditList } from "./audit-list";
import { CountryRateCards } from "./country-rate-cards";
import { CountryRatesTable } from "./country-rates-table";
import { ImportDialog } from "./import-dialog";
import { ListPager } from "../../components/list-page/list-pager";
import { LIST_PREFIX } from "../../components/list-page/list-strings";
import { pageCountOf } from "../../../shared/api/paging";
import type { SortState } from "./sort-header";
import { PAGE_WIDTH } from "../../components/ui/page-width";
import { SearchField } from "../../components/ui/search-field";

const PAGE_SIZE = 25;

/** The search box's text once typing pauses, so every keystroke does not ask the server. */
function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** /{lang}/country-rates: every country's customer prices, editable, importable, exportable and audited. */
export function CountryRatesPage() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  usePageTitle(t("admin_rates.title"));
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search, 300);
  const [sort, setSort] = useState<SortState>({ sort: "name", dir: "asc" });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string | null>(null);
  const list = useAdminCountryRates({ q, ...sort, page, pageSize: PAGE_SIZE, lang: locale });
  // Phones get cards: nine columns cannot be read or edited at 390 px.
  const wide = useMediaQuery("(min-width: 768px)");
  const nameOf = useCountryName();
  const update = useUpdateCountryRate();
  const number = new Intl.NumberFormat(i18n.language);

  // A new search or order starts at the first page.
  const changeSort = (next: SortState) => {
    setSort(next);
    setPage(1);
  };
  const changeSearch = (text: string) => {
    setSearch(text);
    setPage(1);
  };

  const save = (country: AdminCountryRate, change: CountryRateUpdate) => {
    const name = nameOf(country.country_code);
    update.mutate(
      { code: country.country_code, body: change },
      {
        onSuccess: () => {
          const message =
            change.is_popular === undefined
              ? t("admin_rates.saved", { country: name })
              : change.is_popular
                ? t("admin_rates.popular_on", { country: name })
                : t("admin_rates.popular_off", { country: name });
          notify.success(message);
          if (change.is_popular === undefined) setEditing(null);
        },
        onError: (error) => notify.error(apiErrorMessage(t, error)),
      },
    );
  };

  const listProps = {
    countries: list.data?.countries ?? [],
    sort,
    onSort: changeSort,
    editing,
    savingCode: update.isPending ? (update.variables?.code ?? null) : null,
    onEdit: setEditing,
    onSave: save,
  };

  return (
    <main id="main" className={cn(PAGE_WIDTH, "space-y-6 py-10")}>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t("admin_rates.title")}</h1>
          {list.data ? <p className="mt-1 text-sm text-slate-600">{t("admin_rates.subtitle", { margin: number.format(list.data.marginPercentage) })}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <ImportDialog />
          <a href={exportHref("countries")} download className={buttonVariants({ variant: "secondary" })}>
            <Download aria-hidden="true" className="size-4" />
            {t("admin_rates.export_countries")}
          </a>
          <a href={exportHref("deck")} download className={buttonVariants({ variant: "secondary" })}>
            <Download aria-hidden="true" className="size-4" />
            {t("admin_rates.export_deck")}
          </a>
        </div>
      </header>

      <SearchField label={t("admin_rates.search_label")} placeholder={t("admin_rates.search_placeholder")} value={search} onChange={changeSearch} className="max-w-md" />

      {list.isPending ? <PageSpinner /> : null}
      {list.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-4 text-red-800">
          <p>
            {t("admin_rates.load_error")} {apiErrorMessage(t, list.error)}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            {t("admin_rates.retry")}
          </Button>
        </div>
      ) : null}
      {list.data && list.data.countries.length === 0 ? <p className="rounded-lg bg-white p-6 text-center text-slate-600 ring-1 ring-slate-200">{t("admin_rates.empty")}</p> : null}
      {list.data && list.data.countries.length > 0 ? (
        <div className={cn("space-y-3 transition-opacity", list.isPlaceholderData && "opacity-60")} aria-busy={list.isFetching}>
          {wide ? <CountryRatesTable {...listProps} /> : <CountryRateCards {...listProps} />}
          <ListPager
            label={t("admin_rates.pagination")}
            page={list.data.page}
            pageCount={pageCountOf(list.data.total, list.data.pageSize)}
            onChange={setPage}
            note={t("admin_rates.total_countries", { total: number.format(list.data.total) })}
          />
        </div>
      ) : null}

      <AuditList />
    </main>
  );
}

export default CountryRatesPage;

/** The strings this page waits for (app/page-routes.tsx). */
export const pageStrings = ["admin_rates.", LIST_PREFIX];
