import { useTranslation } from "../../lib/i18n/use-translation";
import { LOCALES, LOCALE_NAMES, type Locale } from "../../../shared/i18n/locales";
import { cn } from "../../lib/cn";
import { useLocale } from "../../lib/use-locale";

/** Each language's missing values at the top of the page; choosing one shows its missing keys. */
export function MissingSummary({ missing, onShow }: { missing: Record<Locale, number>; onShow: (language: Locale) => void }) {
  const { t } = useTranslation();
  const number = new Intl.NumberFormat(useLocale());
  return (
    <section aria-label={t("admin_translations.summary_label")} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 className="mb-3 text-sm font-semibold text-slate-800">{t("admin_translations.summary_label")}</h2>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {LOCALES.map((language) => (
          <li key={language}>
            <button
              type="button"
              onClick={() => onShow(language)}
              className={cn(
                "w-full rounded-lg px-3 py-2 text-start text-sm ring-1 hover:bg-slate-50",
                missing[language] > 0 ? "text-amber-900 ring-amber-300" : "text-slate-700 ring-slate-200",
              )}
            >
              <span lang={language} className="block font-medium">
                {LOCALE_NAMES[language].name}
              </span>
              <span className="block">
                {missing[language] > 0 ? t("admin_translations.summary_count", { count: number.format(missing[language]) }) : t("admin_translations.summary_complete")}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
