import { useTranslation } from "../../../lib/i18n/use-translation";
import type { OnDemandPopupProps } from "../../../components/ui/on-demand-popup";
import { LOCALES, LOCALE_NAMES, type Locale } from "../../../../shared/i18n/locales";
import { Dialog, DialogContent } from "../../../components/ui/dialog";
import { Flag } from "../../../components/ui/flag";
import { cn } from "../../../lib/cn";

/**
 * The language picker's dialog: 2, 3 or 5 columns by width. Its own chunk, with the
 * dialog code, fetched when the picker's button is first hovered, focused or pressed
 * (language-picker.tsx renders the button).
 */
export function LanguageDialog({
  open,
  onOpenChange,
  content,
  current,
  onChoose,
}: OnDemandPopupProps & {
  current: Locale;
  onChoose: (locale: Locale) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("nav.choose_language")} className="max-w-3xl" {...content}>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
          {LOCALES.map((locale) => (
            <li key={locale}>
              <button
                type="button"
                lang={locale}
                aria-current={locale === current ? "true" : undefined}
                onClick={() => onChoose(locale)}
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
