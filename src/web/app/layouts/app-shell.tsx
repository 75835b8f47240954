import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router";
import { PageSpinner } from "../../components/ui/spinner";
import { localePath, useLocale } from "../../lib/use-locale";
import { ScrollToTop } from "../scroll-to-top";

/** The frame every page of a language lives in: header, content, footer. */
export function AppShell() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="flex min-h-dvh flex-col">
      <ScrollToTop />
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {t("common.skip_to_content")}
      </a>
      <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-full max-w-6xl items-center justify-between px-4">
          <Link to={localePath(locale)} className="flex items-center gap-2 text-lg font-bold text-brand-800">
            <img src="/favicon.svg" alt="" className="size-8" />
            {t("brand.name")}
          </Link>
        </div>
      </header>
      <div className="flex-1 pt-16">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </div>
      <footer className="border-t border-slate-200 bg-white py-8 text-center text-sm text-slate-600">
        {t("footer.copyright", { year: new Date().getFullYear() })}
      </footer>
    </div>
  );
}
