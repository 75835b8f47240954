import { useTranslation } from "../../lib/i18n/use-translation";
import { LOCALE_NAMES, type Locale } from "../../../shared/i18n/locales";

/** Says a post is written in another language than the page's ("In English"), shown only then. */
export function LanguageBadge({ language, pageLocale }: { language: Locale; pageLocale: Locale }) {
  const { t } = useTranslation();
  if (language === pageLocale) return null;
  return (
    <span className="inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200">
      {t("blog.written_in", { language: LOCALE_NAMES[language].name })}
    </span>
  );
}
