import type { KeyboardEvent, ReactNode } from "react";
import { useId } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Link } from "react-router";
import type { CountrySearchHit, FaqSearchHit, PostSearchHit, SearchResults } from "../../../shared/api/search";
import { faqAnchor } from "../../../shared/content/faq-entries";
import { LOCALE_NAMES } from "../../../shared/i18n/locales";
import { parseMoney } from "../../../shared/money";
import { normalizeSearchQuery } from "../../../shared/search/normalize-query";
import { Ltr } from "../../components/ui/ltr";
import { localePath, useLocale } from "../../lib/use-locale";
import { PriceRangeText } from "../../components/price-range";
import { Highlight } from "./highlight";
import { digitRanges, matchRanges, termRanges } from "./match-ranges";
import { Flag } from "../../components/ui/flag";

/** Marks a link as one of the results the arrow keys move through. */
export const RESULT_ATTRIBUTE = "data-search-result";
const resultProps = { [RESULT_ATTRIBUTE]: "" };
const ROW_CLASS =
  "flex items-start gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-500 focus-visible:ring-2 focus-visible:ring-brand-600";

/** Whether a search answered nothing in any group. */
export function isEmptyResult(results: SearchResults): boolean {
  return results.countries.length === 0 && results.posts.length === 0 && results.faq.length === 0;
}

/** The results in three groups (countries, guides, questions), each shown only when it has hits. */
export function SearchResultGroups({ results, onKeyDown }: { results: SearchResults; onKeyDown: (event: KeyboardEvent<HTMLElement>) => void }) {
  const { t } = useTranslation();
  const { text, digits, terms } = normalizeSearchQuery(results.query);
  return (
    <div onKeyDown={onKeyDown} className="flex flex-col gap-8">
      {results.countries.length > 0 && (
        <ResultGroup title={t("search.group_countries")}>
          {results.countries.map((hit) => (
            <CountryResult key={hit.country_code} hit={hit} text={text} digits={digits} />
          ))}
        </ResultGroup>
      )}
      {results.posts.length > 0 && (
        <ResultGroup title={t("search.group_guides")}>
          {results.posts.map((hit) => (
            <PostResult key={hit.slug} hit={hit} terms={terms} />
          ))}
        </ResultGroup>
      )}
      {results.faq.length > 0 && (
        <ResultGroup title={t("search.group_faq")}>
          {results.faq.map((hit) => (
            <FaqResult key={hit.id} hit={hit} terms={terms} />
          ))}
        </ResultGroup>
      )}
    </div>
  );
}

function ResultGroup({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="mt-3 grid grid-cols-1 gap-3">{children}</ul>
    </section>
  );
}

function CountryResult({ hit, text, digits }: { hit: CountrySearchHit; text: string; digits: string | null }) {
  const locale = useLocale();
  return (
    <li>
      <Link to={localePath(locale, `/country/${hit.slug}`)} className={`${ROW_CLASS} items-center`} {...resultProps}>
        <Flag code={hit.country_code} size="lg" lazy />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-semibold text-slate-900">
              <Highlight text={hit.name} ranges={digits === null ? matchRanges(hit.name, text) : []} />
            </span>
            <Ltr className="text-sm tabular-nums text-slate-500">
              <Highlight text={hit.dial_code} ranges={digits === null ? [] : digitRanges(hit.dial_code, digits)} />
            </Ltr>
          </span>
          <PriceRangeText
            cheapest={parseMoney(hit.our_cheapest_rate)}
            mostExpensive={parseMoney(hit.our_most_expensive_rate)}
            className="mt-0.5 block text-sm text-slate-600"
          />
        </span>
      </Link>
    </li>
  );
}

function PostResult({ hit, terms }: { hit: PostSearchHit; terms: readonly string[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <li>
      <Link to={localePath(locale, `/blog/${hit.slug}`)} className={`${ROW_CLASS} flex-col gap-1`} {...resultProps}>
        <span className="font-semibold text-slate-900">
          <Highlight text={hit.title} ranges={termRanges(hit.title, terms)} />
        </span>
        <span className="line-clamp-2 text-sm text-slate-600">
          <Highlight text={hit.excerpt} ranges={termRanges(hit.excerpt, terms)} />
        </span>
        {hit.language !== locale && (
          <span className="text-xs text-slate-500">
            {t("search.written_in", { language: LOCALE_NAMES[hit.language].name })}
          </span>
        )}
      </Link>
    </li>
  );
}

function FaqResult({ hit, terms }: { hit: FaqSearchHit; terms: readonly string[] }) {
  const locale = useLocale();
  return (
    <li>
      <Link to={`${localePath(locale, "/faq")}#${faqAnchor(hit.id)}`} className={`${ROW_CLASS} flex-col gap-1`} {...resultProps}>
        <span className="font-semibold text-slate-900">
          <Highlight text={hit.question} ranges={termRanges(hit.question, terms)} />
        </span>
        <span className="line-clamp-2 text-sm text-slate-600">
          <Highlight text={hit.excerpt} ranges={termRanges(hit.excerpt, terms)} />
        </span>
      </Link>
    </li>
  );
}
