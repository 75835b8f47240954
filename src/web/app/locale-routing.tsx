import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation, useParams } from "react-router";
import { isLocale, isLocaleSegment, toSupportedLocale, type Locale } from "../../shared/i18n/locales";
import { PageSpinner } from "../components/ui/spinner";
import { NotFoundPage } from "../features/system/not-found-page";
import { activateLocale, isLocaleShown } from "../lib/i18n/i18n";
import { resolvePreferredLocale, saveLocale } from "../lib/locale-preference";

/** Paths the spec lets people use without a language prefix, and where each one goes. */
const UNPREFIXED: Record<string, string> = {
  "/dashboard": "",
  "/auth": "/auth",
  "/signup": "/signup",
  "/reset-password": "/reset-password",
  "/phone": "/phone",
  "/profile": "/profile",
};

/** "/" and the unprefixed routes go to the preferred language (replace); anything else is a 404. */
export function RootRedirect() {
  const { pathname, search, hash, state } = useLocation();
  const locale = resolvePreferredLocale();
  const path = pathname.replace(/\/+$/, "") || "/";
  const target = path === "/" ? "" : UNPREFIXED[path];
  if (target === undefined) return <NotFoundPage />;
  return <Navigate to={`/${locale}${target}${search}${hash}`} replace state={state} />;
}

/**
 * The /{lang} segment: a supported language renders its pages once its strings
 * are in; "pt-BR" or an unsupported "xx" redirect to a supported language; a
 * segment that is no language at all is an unprefixed path.
 */
export function LocaleGate() {
  const { lang = "" } = useParams();
  const location = useLocation();
  const { i18n } = useTranslation();
  // A server-rendered page arrives with its language's strings and English's in (ssr/render-page.tsx, main.tsx): ready from the first
  // render, as on the server. The bare shell of a private page has no strings at all until the startup keys arrive.
  const [ready, setReady] = useState<Locale | null>(() => (isLocale(lang) && isLocaleShown(i18n, lang) ? lang : null));

  useEffect(() => {
    if (!isLocale(lang)) return;
    let current = true;
    saveLocale(lang);
    // A country page's own strings are part of the first phase (spec: country_page.{slug}.%).
    const countrySlug = /^\/[^/]+\/country\/([a-z0-9-]+)/.exec(location.pathname)?.[1];
    void activateLocale(lang, countrySlug ? [`country_page.${countrySlug}.`] : []).then(() => {
      if (current) setReady(lang);
    });
    return () => {
      current = false;
    };
    // Only a change of language reloads strings; moving between pages does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lang]);

  if (!isLocale(lang)) {
    if (!isLocaleSegment(lang)) return <RootRedirect />;
    const locale = toSupportedLocale(lang) ?? resolvePreferredLocale();
    const rest = location.pathname.slice(lang.length + 1);
    return <Navigate to={`/${locale}${rest}${location.search}${location.hash}`} replace state={location.state} />;
  }
  // Translations render only once ready (spec); the previous language stays meanwhile.
  if (ready === null) return <PageSpinner />;
  return <Outlet />;
}
