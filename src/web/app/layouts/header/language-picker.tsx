import { Globe } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { LOCALES, LOCALE_NAMES, type Locale } from "../../../../shared/i18n/locales";
import { Dialog, DialogContent, DialogTrigger } from "../../../components/ui/dialog";
import { cn } from "../../../lib/cn";
import { useLocale } from "../../../lib/use-locale";
import { Flag } from "../../../components/ui/flag";

/**
 * The language picker dialog: 2, 3 or 5 columns by width; the same page in the chosen
 * language. `onChosen` runs after a choice (the mobile menu closes itself with it).
 */
export function LanguagePicker({ className, onChosen }: { className?: string; onChosen?: () => void }) {
  const { t } = useTranslation();
  const current = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);

  const choose = (locale: Locale) => {
    setOpen(false);
    const rest = location.pathname.replace(/^\/[^/]+/, "");
    void navigate(`/${locale}${rest}${location.search}${location.hash}`, { state: location.state });
    onChosen?.();
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger
        className={cn("inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100", className)}
        aria-label={t("nav.language_aria", { language: LOCALE_NAMES[current].name })}
      >
        <Globe aria-hidden="true" className="size-5" />
        <span>{current.toUpperCase()}</span>
      </DialogTrigger>
      <DialogContent title={t("nav.choose_language")} className="max-w-3xl">
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
          {LOCALES.map((locale) => (
            <li key={locale}>
              <button
                type="button"
                lang={locale}
                aria-current={locale === current ? "true" : undefined}
                onClick={() => choose(locale)}
                className={cn(
                  "flex w-full items-center gap-2 rounded-lg border px-3 py-2.5 text-start text-sm hover:bg-slate-50",
                  locale === current ? "border-brand-600 bg-brand-50 font-semibold" : "border-slate-200",
                )}
              >
                <Flag code={LOCALE_NAMES[locale].flagCode} />
                {LOCALE_NAMES[locale].name}
              </button>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
