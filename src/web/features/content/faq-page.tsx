import { useTranslation } from "../../lib/i18n/use-translation";
import { Link } from "react-router";
import { FAQ_GROUPS, faqGroupKey } from "../../../shared/content/faq-entries";
import { buttonVariants } from "../../components/ui/button";
import { ltrText } from "../../components/ui/ltr";
import { PageSpinner } from "../../components/ui/spinner";
import { useRatesLink } from "../../app/layouts/header/use-rates-link";
import { localePath, useLocale } from "../../lib/use-locale";
import { usePageTitle } from "../../lib/use-page-title";
import { useSupportEmail } from "../../lib/site-info";
import { useFaqStrings } from "./content-strings";
import { FaqAccordion } from "./faq-accordion";
import { useFaqOpenFromHash } from "./use-faq-hash";

/** /{lang}/faq: the questions by group (#faq-<id> opens one), then where to check prices and sign up. */
export function FaqPage() {
  const { t } = useTranslation();
  const ready = useFaqStrings();
  const locale = useLocale();
  const { email } = useSupportEmail();
  const onRates = useRatesLink();
  usePageTitle(ready ? t("faq.title") : undefined);
  const [open, setOpen] = useFaqOpenFromHash(ready);

  if (!ready) return <PageSpinner />;
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t("faq.heading")}</h1>
      <p className="mt-3 text-lg text-slate-600">{email ? t("faq.intro", { email: ltrText(email) }) : t("faq.intro_no_email")}</p>

      {FAQ_GROUPS.map((group) => (
        <section key={group} aria-labelledby={`faq-group-${group}`} className="mt-10">
          <h2 id={`faq-group-${group}`} className="mb-4 text-xl font-semibold text-slate-900">
            {t(faqGroupKey(group))}
          </h2>
          <FaqAccordion group={group} open={open} onOpenChange={setOpen} />
        </section>
      ))}

      <section aria-labelledby="faq-more" className="mt-12 rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100">
        <h2 id="faq-more" className="text-xl font-semibold text-slate-900">
          {t("faq.more_heading")}
        </h2>
        <p className="mt-2 text-slate-700">{t("faq.more_text")}</p>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Link to={localePath(locale, "/countries")} className={buttonVariants({ variant: "secondary" })}>
            {t("faq.see_countries")}
          </Link>
          <button type="button" onClick={onRates} className={buttonVariants({ variant: "secondary" })}>
            {t("faq.open_simulator")}
          </button>
          <Link to={localePath(locale, "/signup")} className={buttonVariants({ variant: "primary" })}>
            {t("faq.sign_up")}
          </Link>
        </div>
      </section>
    </main>
  );
}

export default FaqPage;
