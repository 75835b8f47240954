import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";

/** Previous / next with "page x of y"; the chevrons point the reading direction in Arabic too. */
export function Pager({ page, pageSize, total, onPage, itemsLabel }: { page: number; pageSize: number; total: number; onPage: (page: number) => void; itemsLabel: string }) {
  const { t, i18n } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <nav aria-label={t("admin_rates.pagination")} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        <span>{t("admin_rates.page_status", { page: number.format(page), pages: number.format(pages) })}</span>
        <span className="ms-3">{itemsLabel}</span>
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
          {t("admin_rates.previous_page")}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages}>
          {t("admin_rates.next_page")}
          <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
        </Button>
      </div>
    </nav>
  );
}
