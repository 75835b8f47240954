import { useTranslation } from "../../lib/i18n/use-translation";
import { useLocale } from "../../lib/use-locale";

const STEPS = ["account", "choose", "talk"] as const;

/** The three steps from visitor to a call, in the order they happen. */
export function HowItWorks() {
  const { t } = useTranslation();
  const number = new Intl.NumberFormat(useLocale());
  return (
    <section aria-labelledby="how-heading" className="mx-auto max-w-6xl px-4 py-12">
      <h2 id="how-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {t("index.how.heading")}
      </h2>
      <ol className="mt-6 grid gap-6 sm:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step} className="flex gap-4">
            <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white">
              {number.format(index + 1)}
            </span>
            <div>
              <h3 className="text-lg font-semibold text-slate-900">{t(`index.how.${step}.title`)}</h3>
              <p className="mt-1 text-slate-600">{t(`index.how.${step}.text`)}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
