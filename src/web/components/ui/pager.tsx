import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../lib/use-locale";
import { Button } from "./button";

/**
 * Previous and next under a paged list, with "page N of M" read out when it changes. The words
 * are the page's own strings: `<prefix>.pagination`, `.page_status` ({{page}}, {{pages}}),
 * `.previous_page` and `.next_page`.
 */
export function Pager({ page, pageCount, onChange, prefix }: { page: number; pageCount: number; onChange: (page: number) => void; prefix: string }) {
  const { t } = useTranslation();
  const number = new Intl.NumberFormat(useLocale());
  return (
    <nav aria-label={t(`${prefix}.pagination`)} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        {t(`${prefix}.page_status`, { page: number.format(page), pages: number.format(pageCount) })}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={() => onChange(page - 1)} disabled={page <= 1}>
          <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
          {t(`${prefix}.previous_page`)}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onChange(page + 1)} disabled={page >= pageCount}>
          {t(`${prefix}.next_page`)}
          <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
        </Button>
      </div>
    </nav>
  );
}
