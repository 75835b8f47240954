import { Headphones, PiggyBank, Sparkles } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";

/** The spec's three features: lowest rates, crystal clear HD quality, easy to use. */
const FEATURES = [
  { key: "lowest_rates", Icon: PiggyBank },
  { key: "hd_quality", Icon: Headphones },
  { key: "easy_to_use", Icon: Sparkles },
] as const;

export function FeaturesSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-12">
      <h2 id="features-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {t("index.features.heading")}
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-3">
        {FEATURES.map(({ key, Icon }) => (
          <li key={key} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <Icon aria-hidden="true" className="size-8 text-brand-600" />
            <h3 className="mt-3 text-lg font-semibold text-slate-900">{t(`index.features.${key}.title`)}</h3>
            <p className="mt-1 text-slate-600">{t(`index.features.${key}.description`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
