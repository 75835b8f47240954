import { Globe } from "lucide-react";
import { useTranslation } from "../../../lib/i18n/use-translation";
import { useLocation, useNavigate } from "react-router";
import { LOCALE_NAMES, type Locale } from "../../../../shared/i18n/locales";
import { useOnDemandPopup } from "../../../components/ui/on-demand-popup";
import { cn } from "../../../lib/cn";
import { onDemand } from "../../../lib/on-demand";
import { inLanguage, useLocale } from "../../../lib/use-locale";

/** The dialog with the languages: fetched when the button is first hovered, focused or pressed, not with the page. */
const languageDialog = onDemand(() => import("./language-dialog"));

/**
 * The language picker: a button that opens the languages dialog; the same page in the
 * chosen language. `onChosen` runs after a choice (the mobile menu closes itself with it).
 */
export function LanguagePicker({ className, onChosen }: { className?: string; onChosen?: () => void }) {
  const { t } = useTranslation();
  const current = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const popup = useOnDemandPopup(languageDialog);

  const choose = (locale: Locale) => {
    popup.setOpen(false);
    void navigate(`${inLanguage(location.pathname, locale)}${location.search}${location.hash}`, { state: location.state });
    onChosen?.();
  };

  return (
    <>
      <button
        {...popup.trigger}
        className={cn("inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100", className)}
        aria-label={t("nav.language_aria", { language: LOCALE_NAMES[current].name })}
      >
        <Globe aria-hidden="true" className="size-5" />
        <span>{current.toUpperCase()}</span>
      </button>
      {popup.module ? <popup.module.LanguageDialog open={popup.open} onOpenChange={popup.setOpen} content={popup.content} current={current} onChoose={choose} /> : null}
    </>
  );
}
