import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";

/** Previous / next with "page x of y"; the chevrons point the reading direction in Arabic too. */
export function AuditPager({ label, page, pageCount, onPage }: { label: string; page: number; pageCount: number; onPage: (page: number) => void }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        {t("credit_audit.page_status", { page: number.format(page), pages: number.format(pageCount) })}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
          {t("credit_audit.previous_page")}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pageCount}>
          {t("credit_audit.next_page")}
          <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
        </Button>
      </div>
    </nav>
  );
}
