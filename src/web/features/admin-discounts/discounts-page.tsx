import { Plus } from "lucide-react";
import { useCallback, useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { notify } from "../../lib/notify";
import type { AdminDiscount } from "../../../shared/api/admin-discounts";
import { Button } from "../../components/ui/button";
import { ltrText } from "../../components/ui/ltr";
import { PageSpinner } from "../../components/ui/spinner";
import { useMediaQuery } from "../../lib/use-media-query";
import { usePageTitle } from "../../lib/use-page-title";
import { apiErrorMessage } from "../../lib/api-error-message";
import { DeleteDiscountDialog } from "./delete-discount-dialog";
import { DiscountDialog, type DiscountDialogTarget } from "./discount-dialog";
import { DiscountsTable } from "./discounts-table";
import { useDiscounts, useUpdateDiscount } from "./discounts-api";
import { DISCOUNTS_PREFIXES, useDiscountsStrings } from "./discounts-strings";
import { PAGE_WIDTH } from "../../components/ui/page-width";
import { cn } from "../../lib/cn";

/** /{lang}/discounts: the discount codes customers can use, created, edited, paused and deleted here (each change audited). */
export function DiscountsPage() {
  const { t } = useTranslation();
  useDiscountsStrings();
  usePageTitle(t("discounts.title"));
  const list = useDiscounts();
  const update = useUpdateDiscount();
  // Phones get cards: eight columns cannot be read at 390 px.
  const wide = useMediaQuery("(min-width: 1024px)");
  const [dialog, setDialog] = useState<DiscountDialogTarget>(null);
  const [deleting, setDeleting] = useState<AdminDiscount | null>(null);

  const onEdit = useCallback((discount: AdminDiscount) => setDialog({ mode: "edit", discount }), []);
  const onDelete = useCallback((discount: AdminDiscount) => setDeleting(discount), []);
  const { mutate } = update;
  const onTogglePause = useCallback(
    (discount: AdminDiscount) => {
      const paused = !discount.paused;
      mutate(
        { id: discount.id, change: { paused } },
        {
          onSuccess: () => notify.success(t(paused ? "discounts.paused_toast" : "discounts.resumed_toast", { code: ltrText(discount.code) })),
          onError: (error) => notify.error(apiErrorMessage(t, error)),
        },
      );
    },
    [mutate, t],
  );
  const actions = { onEdit, onDelete, onTogglePause, busyId: update.isPending ? (update.variables?.id ?? null) : null };

  return (
    <main id="main" className={cn(PAGE_WIDTH, "space-y-6 py-10")}>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t("discounts.title")}</h1>
          <p className="mt-1 text-sm text-slate-600">{t("discounts.subtitle")}</p>
        </div>
        <Button onClick={() => setDialog({ mode: "create" })}>
          <Plus aria-hidden="true" className="size-4" />
          {t("discounts.new_code")}
        </Button>
      </header>

      {list.isPending ? <PageSpinner /> : null}
      {list.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-4 text-red-800">
          <p>
            {t("discounts.load_error")} {apiErrorMessage(t, list.error)}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            {t("discounts.retry")}
          </Button>
        </div>
      ) : null}
      {list.data ? (
        <DiscountsTable
          discounts={list.data.discounts}
          wide={wide}
          busy={list.isFetching}
          empty={
            <div className="rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">
              <p className="font-medium text-slate-900">{t("discounts.empty_title")}</p>
              <p className="mt-1 text-sm text-slate-600">{t("discounts.empty_body")}</p>
            </div>
          }
          {...actions}
        />
      ) : null}

      <DiscountDialog target={dialog} onClose={() => setDialog(null)} />
      <DeleteDiscountDialog discount={deleting} onClose={() => setDeleting(null)} />
    </main>
  );
}

export default DiscountsPage;

/** The strings this page waits for (app/page-routes.tsx). */
export const pageStrings = DISCOUNTS_PREFIXES;
