import { Headphones, PiggyBank, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../accounts/use-auth";
import { CallSection } from "../calls/call-section";
import { PriceSimulator } from "../rates/price-simulator";

const FEATURES = [
  { key: "lowest_rates", Icon: PiggyBank },
  { key: "hd_quality", Icon: Headphones },
  { key: "easy_to_use", Icon: Sparkles },
] as const;

/** The landing page. */
export function HomePage() {
  const { t } = useTranslation();
  const signedIn = useAuth().status === "authenticated";
  return (
    <main id="main">
      <section className="bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-16 text-center sm:py-24">
        <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{t("hero.title")}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">{t("hero.subtitle")}</p>
      </section>
      <CallSection showHeading={!signedIn} />
      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="features-heading" className="sr-only">
          {t("index.features.heading")}
        </h2>
        <ul className="grid gap-6 sm:grid-cols-3">
          {FEATURES.map(({ key, Icon }) => (
            <li key={key} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <Icon aria-hidden="true" className="size-8 text-brand-600" />
              <h3 className="mt-3 text-lg font-semibold">{t(`index.features.${key}.title`)}</h3>
              <p className="mt-1 text-slate-600">{t(`index.features.${key}.description`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <PriceSimulator />
    </main>
  );
}

export default HomePage;
