import { useTranslation } from "../../../lib/i18n/use-translation";
import { cn } from "../../../lib/cn";
import { useLocale } from "../../../lib/use-locale";

/**
 * The count of unread support replies beside a link or button (nothing at 0). The number is
 * written in the reader's digits; a screen reader hears it as a phrase ("1 unread reply").
 */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (count <= 0) return null;
  const shown = count > 99 ? `${new Intl.NumberFormat(locale).format(99)}+` : new Intl.NumberFormat(locale).format(count);
  return (
    <span
      data-testid="support-unread-badge"
      className={cn("inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold tabular-nums text-white", className)}
    >
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{t("nav.unread_replies", { count })}</span>
    </span>
  );
}
