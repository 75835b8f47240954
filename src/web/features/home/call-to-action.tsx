import { useTranslation } from "../../lib/i18n/use-translation";
import { Link } from "react-router";
import { buttonVariants } from "../../components/ui/button";
import { localePath, useLocale } from "../../lib/use-locale";

/** The visitor's next step after reading how it works: an account, or the prices first. */
export function CallToAction() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section aria-labelledby="cta-heading" className="px-4 py-12">
      <div className="mx-auto max-w-4xl rounded-3xl bg-brand-800 px-6 py-10 text-center text-white sm:px-12">
        <h2 id="cta-heading" className="text-2xl font-bold sm:text-3xl">
          {t("index.cta.heading")}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-brand-50">{t("index.cta.text")}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={localePath(locale, "/signup")} className={buttonVariants({ variant: "secondary", size: "lg" })}>
            {t("index.cta.sign_up")}
          </Link>
          <Link
            to={localePath(locale, "/countries")}
            className={buttonVariants({ variant: "ghost", size: "lg", className: "text-white ring-1 ring-white/60 hover:bg-brand-900" })}
          >
            {t("index.cta.countries")}
          </Link>
        </div>
      </div>
    </section>
  );
}
