import { Download, Languages, Upload } from "lucide-react";
import { useCallback, useId, useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { LOCALES, LOCALE_NAMES, type Locale } from "../../../shared/i18n/locales";
import { Button, buttonVariants } from "../../components/ui/button";
import { PAGE_WIDTH } from "../../components/ui/page-width";
import { FILTER_SELECT } from "../../components/list-page/list-filters";
import { ListResults } from "../../components/list-page/list-results";
import { useListSearch } from "../../components/list-page/list-search";
import { LIST_PREFIX } from "../../components/list-page/list-strings";
import { TextFilter } from "../../components/ui/text-filter";
import { cn } from "../../lib/cn";
import { useLocale } from "../../lib/use-locale";
import { useMediaQuery } from "../../lib/use-media-query";
import { usePageTitle } from "../../lib/use-page-title";
import { ImportTranslationsDialog } from "./import-dialog";
import { MissingSummary } from "./missing-summary";
import { TRANSLATIONS_SEARCH, translationsExportHref, useTranslationRows, type TranslationsFilterName } from "./translations-api";
import { TranslationsTable } from "./translations-table";

const LABEL = "block text-sm font-medium text-slate-800";

/** /{lang}/translations: every key in one language, searched and filtered in the address bar, edited in place under its row, exported and imported. */
export function TranslationsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  usePageTitle(t("admin_translations.title"));
  const { filter, page, change: changeOne, update, changePage, filtered } = useListSearch(TRANSLATIONS_SEARCH);
  const changeFilter = useCallback((name: TranslationsFilterName | null, value = "") => changeOne(name ? { name, value } : null), [changeOne]);
  const commitSearch = useCallback((text: string) => changeFilter("q", text), [changeFilter]);
  // The admin's own language until they choose another.
  const language: Locale = filter.language ?? locale;
  const rows = useTranslationRows(language, filter, page);
  const wide = useMediaQuery("(min-width: 1024px)");
  // The key whose value is open for editing, under its row.
  const [editing, setEditing] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const data = rows.data;

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
          onShow={(chosen) => update({ language: chosen, q: undefined, state: data.missing[chosen] > 0 ? "missing" : undefined })}
        />
      ) : null}

      <form role="search" aria-label={t("admin_translations.search")} className="grid gap-3 sm:grid-cols-3" onSubmit={(event) => event.preventDefault()}>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-language`} className={LABEL}>
            {t("admin_translations.language")}
          </label>
          <select id={`${id}-language`} className={FILTER_SELECT} value={language} onChange={(event) => changeFilter("language", event.target.value)}>
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
          <select id={`${id}-state`} className={FILTER_SELECT} value={filter.state ?? ""} onChange={(event) => changeFilter("state", event.target.value)}>
            <option value="">{t("admin_translations.show_all")}</option>
            <option value="missing">{t("admin_translations.show_missing")}</option>
            <option value="outdated">{t("admin_translations.show_outdated")}</option>
          </select>
        </div>
      </form>

      <ListResults
        query={rows}
        total={(list) => list.total}
        rows={(list) => list.rows.length}
        loadError={t("admin_translations.load_error")}
        filtered={filtered}
        onClearFilters={() => changeFilter(null)}
        empty={
          <>
            <Languages aria-hidden="true" className="size-10 text-slate-400" />
            <p>{t("admin_translations.no_matches")}</p>
          </>
        }
        noMatches={t("admin_translations.no_matches")}
        pagerLabel={t("admin_translations.pagination")}
        onPage={changePage}
      >
        {(list) => <TranslationsTable rows={list.rows} language={language} wide={wide} busy={rows.isFetching} editingKey={editing} onEdit={setEditing} />}
      </ListResults>

      <ImportTranslationsDialog language={language} open={importing} onClose={() => setImporting(false)} />
    </main>
  );
}

export default TranslationsPage;

/** The strings this page waits for (app/page-routes.tsx). */
export const pageStrings = ["admin_translations.", LIST_PREFIX] as const;
