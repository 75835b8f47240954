import { Download, Languages, Upload } from "lucide-react";
import { useCallback, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LOCALES, LOCALE_NAMES, type Locale } from "../../../shared/i18n/locales";
import { Button, buttonVariants } from "../../components/ui/button";
import { PAGE_WIDTH } from "../../components/ui/page-width";
import { Pager } from "../../components/ui/pager";
import { PageSpinner } from "../../components/ui/spinner";
import { TextFilter } from "../../components/ui/text-filter";
import { apiErrorMessage } from "../../lib/api-error-message";
import { cn } from "../../lib/cn";
import { useLocale } from "../../lib/use-locale";
import { useMediaQuery } from "../../lib/use-media-query";
import { usePageTitle } from "../../lib/use-page-title";
import { useSearchView } from "../../lib/use-search-view";
import { ImportTranslationsDialog } from "./import-dialog";
import { MissingSummary } from "./missing-summary";
import { applyTranslationsChange, TRANSLATIONS_SEARCH, translationsExportHref, useTranslationRows, type TranslationsFilterName } from "./translations-api";
import { TranslationsTable } from "./translations-table";

const EMPTY_BOX = "flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-10 text-center shadow-sm ring-1 ring-slate-200";
const SELECT = "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/40";
const LABEL = "block text-sm font-medium text-slate-800";

/** /{lang}/translations: every key in one language, searched and filtered in the address bar, edited in place under its row, exported and imported. */
export function TranslationsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  usePageTitle(t("admin_translations.title"));
  const { filter, page, changeFilter: change, changePage } = useSearchView(TRANSLATIONS_SEARCH);
  const changeFilter = useCallback((name: TranslationsFilterName | null, value = "") => change((current) => applyTranslationsChange(current, name ? { name, value } : null)), [change]);
  const commitSearch = useCallback((text: string) => changeFilter("q", text), [changeFilter]);
  // The admin's own language until they choose another.
  const language: Locale = filter.language ?? locale;
  const rows = useTranslationRows(language, filter, page);
  const wide = useMediaQuery("(min-width: 1024px)");
  // The key whose value is open for editing, under its row.
  const [editing, setEditing] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const data = rows.data;
  const filtered = Boolean(filter.q || filter.state);

  return (
    <main id="main" className={cn(PAGE_WIDTH, "space-y-6 py-10")}>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t("admin_translations.title")}</h1>
          <p className="mt-1 text-sm text-slate-600">{t("admin_translations.subtitle")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={translationsExportHref(language)} download className={buttonVariants({ variant: "secondary" })}>
            <Download aria-hidden="true" className="size-4" />
            {t("admin_translations.export")}
          </a>
          <Button variant="secondary" onClick={() => setImporting(true)}>
            <Upload aria-hidden="true" className="size-4" />
            {t("admin_translations.import")}
          </Button>
        </div>
      </header>

      {data ? (
        <MissingSummary
          missing={data.missing}
          onShow={(chosen) => change(() => ({ language: chosen, ...(data.missing[chosen] > 0 ? { state: "missing" as const } : {}) }))}
        />
      ) : null}

      <form role="search" aria-label={t("admin_translations.search")} className="grid gap-3 sm:grid-cols-3" onSubmit={(event) => event.preventDefault()}>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-language`} className={LABEL}>
            {t("admin_translations.language")}
          </label>
          <select id={`${id}-language`} className={SELECT} value={language} onChange={(event) => changeFilter("language", event.target.value)}>
            {LOCALES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LOCALE_NAMES[code].name}
              </option>
            ))}
          </select>
        </div>
        <TextFilter id={`${id}-q`} label={t("admin_translations.search")} hint={t("admin_translations.search_placeholder")} value={filter.q ?? ""} type="search" onCommit={commitSearch} />
        <div className="space-y-1.5">
          <label htmlFor={`${id}-state`} className={LABEL}>
            {t("admin_translations.show")}
          </label>
          <select id={`${id}-state`} className={SELECT} value={filter.state ?? ""} onChange={(event) => changeFilter("state", event.target.value)}>
            <option value="">{t("admin_translations.show_all")}</option>
            <option value="missing">{t("admin_translations.show_missing")}</option>
            <option value="outdated">{t("admin_translations.show_outdated")}</option>
          </select>
        </div>
      </form>

      {rows.isPending ? <PageSpinner /> : null}
      {rows.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl bg-red-50 p-4 text-red-800">
          <p>
            {t("admin_translations.load_error")} {apiErrorMessage(t, rows.error)}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void rows.refetch()}>
            {t("admin_translations.retry")}
          </Button>
        </div>
      ) : null}

      {data && data.total === 0 ? (
        <div className={EMPTY_BOX}>
          <Languages aria-hidden="true" className="size-10 text-slate-400" />
          <p className="text-slate-700">{t("admin_translations.no_matches")}</p>
          {filtered ? (
            <Button variant="secondary" onClick={() => changeFilter(null)}>
              {t("admin_translations.clear_filters")}
            </Button>
          ) : null}
        </div>
      ) : null}

      {data && data.total > 0 ? (
        <div className={cn("space-y-3 transition-opacity", rows.isPlaceholderData && "opacity-60")}>
          <TranslationsTable rows={data.rows} language={language} wide={wide} busy={rows.isFetching} editingKey={editing} onEdit={setEditing} />
          <Pager
            page={data.page}
            pageCount={data.pageCount}
            onChange={changePage}
            prefix="admin_translations"
          />
        </div>
      ) : null}

      <ImportTranslationsDialog language={language} open={importing} onClose={() => setImporting(false)} />
    </main>
  );
}

export default TranslationsPage;

/** The strings this page waits for (app/page-routes.tsx). */
export const pageStrings = ["admin_translations."] as const;
