import { useTranslation } from "../../lib/i18n/use-translation";
import { Link } from "react-router";
import { formatUsd } from "../../../shared/money";
import { buttonVariants, Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { isolateText } from "../../components/ui/ltr";
import { localePath, useLocale } from "../../lib/use-locale";
import type { ConfirmDetails } from "./use-dial-flow";

/** The balance does not pay for a minute at this rate: say so, and link to buying credits. */
export function InsufficientBalanceDialog({ details, onClose, returnFocus }: { details: ConfirmDetails | null; onClose: () => void; returnFocus?: () => HTMLElement | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Dialog open={details !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {details ? (
        <DialogContent
          returnFocus={returnFocus}
          title={t("call_section.insufficient.title")}
          description={t("call_section.insufficient.description", {
            balance: isolateText(formatUsd(details.balance, locale, 2)),
            rate: isolateText(formatUsd(details.rate, locale, 4)),
          })}
        >
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              {t("call_section.cancel")}
            </Button>
            <Link to={localePath(locale, "/phone")} className={buttonVariants()} onClick={onClose}>
              {t("call_section.buy_credits")}
            </Link>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
