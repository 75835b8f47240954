import { lazy } from "react";
import { CommittedBoundary } from "../../lib/committed-boundary";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Link } from "react-router";
import { Spinner } from "../../components/ui/spinner";
import { localePath, useLocale } from "../../lib/use-locale";
import { useFaqStrings } from "./content-strings";

/**
 * The accordion (Radix's, with its collection and presence code) is its own chunk: below the simulator it is not
 * part of what /en needs first. The server's render waits for it and writes it inline; the browser hydrates this
 * part once the chunk has arrived, React keeping the server's HTML until then.
 */
const FaqAccordion = lazy(() => import("./faq-accordion").then((module) => ({ default: module.FaqAccordion })));

/** The questions a visitor asks before a first call; the FAQ page has the rest. */
export const HOME_FAQ_IDS = ["no_app", "billing", "unanswered", "buy_credit"] as const;

/** Home's short FAQ: a few of the FAQ page's own questions (same text, same accordion) and a link to all of them. */
export function FaqPreview() {
  const { t } = useTranslation();
  const locale = useLocale();
  // The FAQ's long texts are their own chunk (content-strings.ts); below the simulator, their arrival moves nothing a visitor is looking at.
  const ready = useFaqStrings();
  return (
    <section aria-labelledby="home-faq-heading" className="mx-auto max-w-3xl px-4 py-12">
      <h2 id="home-faq-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {t("index.faq.heading")}
      </h2>
      <div className="mt-6">
        {ready ? (
          <CommittedBoundary fallback={<Waiting />}>
            <FaqAccordion ids={HOME_FAQ_IDS} />
          </CommittedBoundary>
        ) : (
          <Waiting />
        )}
      </div>
      <Link to={localePath(locale, "/faq")} className="mt-5 inline-block font-medium text-brand-800 underline underline-offset-2">
        {t("index.faq.all")}
      </Link>
    </section>
  );
}

function Waiting() {
  return (
    <div className="flex justify-center py-10">
      <Spinner />
    </div>
  );
}
