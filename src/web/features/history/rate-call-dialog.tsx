import { Star } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { notify } from "../../lib/notify";
import type { CallLog } from "../../../shared/api/calls";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { ltrText } from "../../components/ui/ltr";
import { cn } from "../../lib/cn";
import { apiErrorMessage } from "../../lib/api-error-message";
import { rowNumber } from "../../lib/call-log-format";
import { useRateCall } from "./history-api";

/**
 * The 1-5 rating of one finished call: five radio buttons drawn as stars (arrow keys move
 * between them, as in any radio group), none chosen to start with as in the after-call dialog:
 * Submit waits for the customer's own choice rather than sending a five nobody gave.
 */
export function RateCallDialog({ call, onClose }: { call: CallLog | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [rating, setRating] = useState<number | null>(null);
  const rate = useRateCall();
  const number = new Intl.NumberFormat(i18n.language);

  const close = () => {
    rate.reset();
    setRating(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!call || rating === null) return;
    rate.mutate(
      { callSid: call.callSid, rating },
      {
        onSuccess: () => {
          notify.success(t("history.rating_saved"));
          close();
        },
      },
    );
  };

  return (
    <Dialog open={call !== null} onOpenChange={(open) => (open ? undefined : close())}>
      {call ? (
        <DialogContent
          title={t("history.rate_title")}
          description={t("history.rate_description", { number: ltrText(rowNumber(call) ?? "") })}
        >
          <form onSubmit={submit} className="space-y-5">
            <fieldset>
              <legend className="sr-only">{t("history.rate_legend")}</legend>
              <div className="flex justify-center gap-1">
                {[1, 2, 3, 4, 5].map((value) => (
                  <label key={value} className="cursor-pointer rounded-lg p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
                    <input type="radio" name="rating" value={value} checked={rating === value} onChange={() => setRating(value)} className="sr-only" />
                    <Star aria-hidden="true" className={cn("size-9", value <= (rating ?? 0) ? "fill-amber-400 text-amber-400" : "text-slate-300")} />
                    <span className="sr-only">{t("history.stars", { stars: number.format(value) })}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            {rate.isError ? (
              <p role="alert" className="text-sm text-red-700">
                {apiErrorMessage(t, rate.error)}
              </p>
            ) : null}
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={close}>
                {t("history.rate_cancel")}
              </Button>
              <Button type="submit" disabled={rating === null || rate.isPending}>
                {t("history.rate_submit")}
              </Button>
            </div>
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
