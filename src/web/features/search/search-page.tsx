import { Search } from "lucide-react";
import { useCallback, useRef, type KeyboardEvent } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { isolateText, ltrText } from "../../components/ui/ltr";
import { PageSpinner, Spinner } from "../../components/ui/spinner";
import { ApiError } from "../../lib/api-client";
import { cn } from "../../lib/cn";
import { useLocale } from "../../lib/use-locale";
import { usePageTitle } from "../../lib/use-page-title";
import { useSiteSearch } from "./search-api";
import { isEmptyResult, RESULT_ATTRIBUTE, SearchResultGroups } from "./search-results";
import { useSearchStrings } from "./search-strings";
import { SearchSuggestions } from "./search-suggestions";
import { useSearchAddress } from "./use-search-address";

/**
 * /{lang}/search?q=…: countries, guides and FAQ entries matching what is typed (the WebSite
 * SearchAction's target). The address follows the box; the arrow keys move from the box through the results.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const ready = useSearchStrings();
  const locale = useLocale();
  const { input, setInput, query, submit } = useSearchAddress();
  const search = useSiteSearch(query, locale);
  const inputRef = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  usePageTitle(ready ? (query.trim() === "" ? t("search.title") : t("search.title_with_query", { query: query.trim() })) : undefined);

  const results = () => [...(resultsRef.current?.querySelectorAll<HTMLElement>(`[${RESULT_ATTRIBUTE}]`) ?? [])];

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      const first = results()[0];
      if (first) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  // Up and Down move between results (Up from the first goes back to the box), Home and End jump, Escape returns to the box.
  const onResultsKeyDown = useCallback((event: KeyboardEvent<HTMLElement>) => {
    const links = [...(resultsRef.current?.querySelectorAll<HTMLElement>(`[${RESULT_ATTRIBUTE}]`) ?? [])];
    const at = links.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    const target = { ArrowDown: links[at + 1], ArrowUp: at === 0 ? inputRef.current : links[at - 1], Home: links[0], End: links.at(-1), Escape: inputRef.current }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    target?.focus();
  }, []);

  if (!ready) return <PageSpinner />;
  const blank = query.trim() === "";
  const tooLong = search.error instanceof ApiError && search.error.code === "search_query_too_long";
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t("search.heading")}</h1>
      <form
        role="search"
        className="mt-6"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor="site-search" className="block text-sm font-medium text-slate-800">
          {t("search.label")}
        </label>
        <div className="relative mt-1.5">
          <Search aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-slate-400" />
          <Input
            ref={inputRef}
            id="site-search"
            type="search"
            name="q"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            onKeyDown={onInputKeyDown}
            placeholder={t("search.placeholder")}
            autoComplete="off"
            enterKeyHint="search"
            // A dial code typed in Arabic stays "+44"; Arabic words still run right to left.
            dir="auto"
            aria-describedby="site-search-hint"
            className="px-10"
          />
        </div>
        <p id="site-search-hint" className="mt-1.5 text-sm text-slate-500">
          {t("search.hint", { example: ltrText("+44") })}
        </p>
      </form>

      <div className="mt-8">
        {blank ? (
          <SearchSuggestions />
        ) : search.isPending || (search.isPlaceholderData && isEmptyResult(search.data)) ? (
          <div className="flex justify-center py-12">
            <Spinner />
          </div>
        ) : search.isError ? (
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 px-4 py-8 text-center">
            <p className="font-medium text-red-800">{tooLong ? t("errors.search_query_too_long") : t("search.load_error")}</p>
            {!tooLong && (
              <Button variant="secondary" className="mt-3" onClick={() => void search.refetch()}>
                {t("search.retry")}
              </Button>
            )}
          </div>
        ) : isEmptyResult(search.data) ? (
          <div>
            <p role="status" className="text-lg font-medium text-slate-900">
              {t("search.no_results", { query: isolateText(query.trim()) })}
            </p>
            <p className="mt-1 text-slate-600">{t("search.no_results_hint")}</p>
            <SearchSuggestions />
          </div>
        ) : (
          <div ref={resultsRef} aria-busy={search.isPlaceholderData} className={cn("transition-opacity", search.isPlaceholderData && "opacity-60")}>
            <p role="status" className="mb-4 text-sm text-slate-500">
              {t("search.result_count", { query: isolateText(query.trim()), total: search.data.countries.length + search.data.posts.length + search.data.faq.length })}
            </p>
            <SearchResultGroups results={search.data} onKeyDown={onResultsKeyDown} />
          </div>
        )}
      </div>
    </main>
  );
}

export default SearchPage;
