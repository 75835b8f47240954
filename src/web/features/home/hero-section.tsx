import { useTranslation } from "../../lib/i18n/use-translation";

/** The visitor's first screen: the spec's headline and promise. */
export function HeroSection() {
  const { t } = useTranslation();
  return (
    <section className="bg-gradient-to-b from-brand-50 to-slate-50 px-4 pb-4 pt-12 text-center sm:pt-20">
      <h1 className="mx-auto max-w-3xl text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">{t("hero.title")}</h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">{t("hero.subtitle")}</p>
    </section>
  );
}
