import { CreditCard, Globe2, Timer } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { useLocale } from "../../lib/use-locale";
import { usePublicRates } from "../../lib/rates/rates-api";

/**
 * Three facts a visitor can check, nothing we cannot: how many countries we call
 * (counted from the rates API, the list the picker offers), who handles card details,
 * and how calls are charged. No user counts or ratings.
 */
export function TrustIndicator() {
  const { t } = useTranslation();
  const locale = useLocale();
  const rates = usePublicRates();
  const count = rates.data?.length;
  return (
    <section aria-labelledby="trust-heading" className="px-4 py-6">
      <h2 id="trust-heading" className="sr-only">
        {t("index.trust.heading")}
      </h2>
      <ul className="mx-auto grid max-w-6xl gap-3 sm:grid-cols-3">
        <Fact icon={<Globe2 aria-hidden="true" className="size-6" />} title={count === undefined ? "…" : new Intl.NumberFormat(locale).format(count)} text={t("index.trust.countries")} />
        <Fact icon={<CreditCard aria-hidden="true" className="size-6" />} title={t("index.trust.secure_title")} text={t("index.trust.secure_text")} />
        <Fact icon={<Timer aria-hidden="true" className="size-6" />} title={t("index.trust.pay_title")} text={t("index.trust.pay_text")} />
      </ul>
    </section>
  );
}

function Fact({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <li className="flex items-start gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <span className="mt-0.5 shrink-0 rounded-full bg-brand-50 p-2 text-brand-700">{icon}</span>
      <span>
        <span className="block font-semibold text-slate-900">{title}</span>
        <span className="block text-sm text-slate-600">{text}</span>
      </span>
    </li>
  );
}
