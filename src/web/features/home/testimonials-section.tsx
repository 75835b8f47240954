import { Quote } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";

const EXAMPLES = ["family", "travel", "business"] as const;

/**
 * The spec's testimonials, until we have real ones to quote with permission: typical
 * uses, each labelled as an example, with no names, photos or star ratings that
 * would pass them off as customers' words.
 */
export function TestimonialsSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="examples-heading" className="bg-white px-4 py-12">
      <div className="mx-auto max-w-6xl">
        <h2 id="examples-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {t("index.examples.heading")}
        </h2>
        <p className="mt-2 max-w-2xl text-slate-600">{t("index.examples.intro")}</p>
        <ul className="mt-6 grid gap-6 sm:grid-cols-3">
          {EXAMPLES.map((example) => (
            <li key={example}>
              <figure className="flex h-full flex-col rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
                <span className="self-start rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-amber-900">
                  {t("index.examples.label")}
                </span>
                <Quote aria-hidden="true" className="mt-4 size-6 text-brand-600 rtl:-scale-x-100" />
                <blockquote className="mt-2 flex-1 text-slate-800">{t(`index.examples.${example}.quote`)}</blockquote>
                <figcaption className="mt-4 text-sm font-medium text-slate-600">{t(`index.examples.${example}.who`)}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
