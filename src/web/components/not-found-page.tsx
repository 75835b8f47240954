import { useTranslation } from "../lib/i18n/use-translation";
import { Link } from "react-router";
import { buttonVariants } from "./ui/button";
import { usePageTitle } from "../lib/use-page-title";
import { localePath, useLocale } from "../lib/use-locale";

/** The 404 page for any path no route claims. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  usePageTitle(t("not_found.title"));
  return (
    <main id="main" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-semibold">{t("not_found.title")}</h1>
      <p className="text-slate-600">{t("not_found.description")}</p>
      <Link to={localePath(locale)} className={buttonVariants()}>
        {t("not_found.home")}
      </Link>
    </main>
  );
}

export default NotFoundPage;
