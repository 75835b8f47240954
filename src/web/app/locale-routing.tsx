import { useEffect, useState } from "react";
import { useTranslation } from "../lib/i18n/use-translation";
import { Navigate, Outlet, useLocation, useParams } from "react-router";
import { isLocale, isLocaleSegment, type Locale } from "../../shared/i18n/locales";
import { canonicalLanguagePath } from "../../shared/site/language-prefix";
import { PageSpinner } from "../components/ui/spinner";
import { startPath } from "../features/accounts/landing";
import { useAuth } from "../lib/auth/use-auth";
import { NotFoundPage } from "../components/not-found-page";
import { activateLocale, isLocaleShown } from "../lib/i18n/i18n";
import { resolvePreferredLocale, saveLocale } from "../lib/locale-preference";
import { UnprefixedLocale } from "../lib/use-locale";
import { AppShell } from "./layouts/app-shell";

/** Paths the spec lets people use without a language prefix, and where each one goes. */
const UNPREFIXED: Record<string, string> = {
  "/dashboard": "",
  "/auth": "/auth",
  "/signup": "/signup",
  "/reset-password": "/reset-password",
  "/phone": "/phone",
  "/profile": "/profile",
};

/** "/" and the unprefixed routes go to the preferred language (replace); anything else is the 404 page in that language. */
export function RootRedirect() {
  const { pathname, search, hash, state } = useLocation();
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/") return <HomeRedirect />;
  const target = UNPREFIXED[path];
  if (target === undefined) return <UnprefixedNotFound />;
  return <Navigate to={`/${resolvePreferredLocale()}${target}${search}${hash}`} replace state={state} />;
}

/** "/": a signed-in person goes to their start page (spec: Redirects), anyone else to the home page, in the preferred language. */
function HomeRedirect() {
  const { search, hash, state } = useLocation();
  const auth = useAuth();
  if (auth.status === "loading") return <PageSpinner />;
  const locale = resolvePreferredLocale();
  const target = auth.status === "authenticated" ? startPath(locale, auth.isAdmin) : `/${locale}`;
  return <Navigate to={`${target}${search}${hash}`} replace state={state} />;
}

/**
 * An address that names no language and no page (/login, /pricing): the whole 404 page, header
 * and footer, in the visitor's language, at the address they typed (the server answers it 404).
 */
function UnprefixedNotFound() {
  const [locale] = useState(resolvePreferredLocale);
  const ready = useLocaleStrings(locale, []);
  if (!ready) return <PageSpinner />;
  return (
    <UnprefixedLocale.Provider value={locale}>
      <AppShell>
        <NotFoundPage />
      </AppShell>
    </UnprefixedLocale.Provider>
  );
}

/**
 * Whether the interface shows `locale`'s strings yet (loading them when it changes). While another
 * language's load is under way the previous language stays, as the spec has it.
 */
function useLocaleStrings(locale: Locale | null, extraPrefixes: string[]): boolean {
  const { i18n } = useTranslation();
  // A server-rendered page arrives with its language's strings and English's in (ssr/render-page.tsx, main.tsx): ready from the first
  // render, as on the server. The bare shell of a private page has no strings at all until the startup keys arrive.
  const [ready, setReady] = useState<Locale | null>(() => (locale !== null && isLocaleShown(i18n, locale) ? locale : null));
  useEffect(() => {
    if (locale === null) return;
    let current = true;
    void activateLocale(locale, extraPrefixes).then(() => {
      if (current) setReady(locale);
    });
    return () => {
      current = false;
    };
    // Only a change of language reloads strings; moving between pages does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locale]);
  return ready !== null;
}

/**
 * The /{lang} segment: a supported language renders its pages once its strings
 * are in; "EN", "pt-BR" (a language written otherwise) go to its lower-case address,
 * an unsupported "xx" to the preferred language; a segment that is no language at all is an unprefixed path.
 */
export function LocaleGate() {
  const { lang = "" } = useParams();
  const location = useLocation();
  const locale = isLocale(lang) ? lang : null;
  // A country page's own strings are part of the first phase (spec: country_page.{slug}.%).
  const countrySlug = /^\/[^/]+\/country\/([a-z0-9-]+)/.exec(location.pathname)?.[1];
  const ready = useLocaleStrings(locale, countrySlug ? [`country_page.${countrySlug}.`] : []);
  useEffect(() => {
    if (locale !== null) saveLocale(locale);
  }, [locale]);

  if (locale === null) {
    const canonical = canonicalLanguagePath(location.pathname);
    if (canonical !== null) return <Navigate to={`${canonical}${location.search}${location.hash}`} replace state={location.state} />;
    if (!isLocaleSegment(lang)) return <RootRedirect />;
    const rest = location.pathname.slice(lang.length + 1);
    return <Navigate to={`/${resolvePreferredLocale()}${rest}${location.search}${location.hash}`} replace state={location.state} />;
  }
  // Translations render only once ready (spec); the previous language stays meanwhile.
  if (!ready) return <PageSpinner />;
  return <Outlet />;
}
