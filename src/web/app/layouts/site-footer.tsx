import { Mail, MapPin } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Link } from "react-router";
import { useAuth } from "../../lib/auth/use-auth";
import { useCountryName } from "../../lib/rates/country-names";
import { useSiteInfo } from "../../lib/site-info";
import { useLocale } from "../../lib/use-locale";
import { hasPage } from "../page-routes";
import { useRatesLink } from "./header/use-rates-link";
import { PAGE_WIDTH } from "../../components/ui/page-width";
import { cn } from "../../lib/cn";

/** The spec's footer countries, as URL slugs (uk is the United Kingdom). */
const POPULAR_SLUGS = ["us", "uk", "in", "pk", "ph", "ng", "mx", "ae", "bd", "de", "fr", "ca"];
const slugToRegion = (slug: string) => (slug === "uk" ? "GB" : slug.toUpperCase());

const HEADING = "text-sm font-semibold uppercase tracking-wide text-slate-900";
const LINK = "text-slate-600 hover:text-brand-700";

/**
 * Company, Support and Legal links, the support contact, and the popular countries.
 * Sign up and Log in are for visitors only; the location is ours in the reader's
 * language unless SUPPORT_LOCATION names another, which is shown as written.
 */
export function SiteFooter() {
  const { t } = useTranslation();
  const locale = useLocale();
  const onRates = useRatesLink();
  const auth = useAuth();
  const nameOf = useCountryName();
  const site = useSiteInfo();
  const link = (path: string, key: string) =>
    hasPage(path) ? (
      <li key={path}>
        <Link to={`/${locale}/${path}`} className={LINK}>
          {t(key)}
        </Link>
      </li>
    ) : null;

  return (
    <footer className="border-t border-slate-200 bg-white print:hidden">
      <div className={cn(PAGE_WIDTH, "grid gap-8 py-10 sm:grid-cols-2 lg:grid-cols-4")}>
        <section aria-labelledby="footer-company">
          <h2 id="footer-company" className={HEADING}>
            {t("footer.company")}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <button type="button" className={LINK} onClick={onRates}>
                {t("nav.rates")}
              </button>
            </li>
            {link("blogs-guides", "footer.blog")}
            {auth.status === "unauthenticated" ? (
              <>
                {link("signup", "footer.sign_up")}
                {link("auth", "footer.login")}
              </>
            ) : null}
          </ul>
        </section>
        <section aria-labelledby="footer-support">
          <h2 id="footer-support" className={HEADING}>
            {t("footer.support")}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {link("faq", "nav.faq")}
            {link("support", "nav.contact_support")}
            {site.data ? (
              <>
                <li className="flex items-center gap-2 text-slate-600">
                  <Mail aria-hidden="true" className="size-4 shrink-0" />
                  <a href={`mailto:${site.data.supportEmail}`} className={LINK}>
                    {t("footer.email_us", { email: site.data.supportEmail })}
                  </a>
                </li>
                <li className="flex items-center gap-2 text-slate-600">
                  <MapPin aria-hidden="true" className="size-4 shrink-0" />
                  {t("footer.location", { location: site.data.supportLocation ?? t("footer.default_location") })}
                </li>
              </>
            ) : null}
          </ul>
        </section>
        {hasPage("privacy") || hasPage("terms") ? (
          <section aria-labelledby="footer-legal">
            <h2 id="footer-legal" className={HEADING}>
              {t("footer.legal")}
            </h2>
            <ul className="mt-3 space-y-2 text-sm">
              {link("privacy", "footer.privacy")}
              {link("terms", "footer.terms")}
            </ul>
          </section>
        ) : null}
        {hasPage("country/:code") ? (
          <section aria-labelledby="footer-countries">
            <h2 id="footer-countries" className={HEADING}>
              {t("footer.popular_countries")}
            </h2>
            <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {POPULAR_SLUGS.map((slug) => (
                <li key={slug}>
                  <Link to={`/${locale}/country/${slug}`} className={LINK}>
                    {nameOf(slugToRegion(slug))}
                  </Link>
                </li>
              ))}
            </ul>
            {hasPage("countries") ? (
              <Link to={`/${locale}/countries`} className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">
                {t("footer.all_countries")}
              </Link>
            ) : null}
          </section>
        ) : null}
      </div>
      <p className="border-t border-slate-100 py-6 text-center text-sm text-slate-500">{t("footer.copyright", { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
