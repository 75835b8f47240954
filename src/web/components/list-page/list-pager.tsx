import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { useLocale } from "../../lib/use-locale";
import { Button } from "../ui/button";

/**
 * Previous and next under a paged list, with "page N of M" read out when it changes; the
 * chevrons point the reading direction in Arabic too. The words are every list's (`list.*`);
 * `label` names the list it pages, so two lists on one page have two named pagers; `note` is said
 * beside the page (how many rows in all).
 */
export function ListPager({ label, page, pageCount, onChange, note }: { label: string; page: number; pageCount: number; onChange: (page: number) => void; note?: ReactNode }) {
  const { t } = useTranslation();
  const number = new Intl.NumberFormat(useLocale());
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        {t("list.page_status", { page: number.format(page), pages: number.format(pageCount) })}
        {note ? <span className="ms-3">{note}</span> : null}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={() => onChange(page - 1)} disabled={page <= 1}>
          <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
          {t("list.previous_page")}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onChange(page + 1)} disabled={page >= pageCount}>
          {t("list.next_page")}
          <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
        </Button>
      </div>
    </nav>
  );
}
