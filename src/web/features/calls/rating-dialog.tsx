import { Star } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { notify } from "../../lib/notify";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { cn } from "../../lib/cn";
import { submitRating } from "./calls-api";

/** The spec's default rating. */
export const DEFAULT_RATING = 5;

/** After a call: how did it sound, 1-5 stars (5 unless changed); skip or submit. */
export function RatingDialog({ callSid, onClose }: { callSid: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [rating, setRating] = useState(DEFAULT_RATING);
  const [saving, setSaving] = useState(false);

  const close = () => {
    setRating(DEFAULT_RATING);
    onClose();
  };
  const submit = async () => {
    if (!callSid) return;
    setSaving(true);
    try {
      await submitRating(callSid, rating);
      notify.success(t("call_section.rating.thanks"));
    } catch {
      notify.error(t("call_section.rating.failed"));
    } finally {
      setSaving(false);
      close();
    }
  };

  return (
    <Dialog open={callSid !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent title={t("call_section.rating.title")} description={t("call_section.rating.description")}>
        <div role="radiogroup" aria-label={t("call_section.rating.title")} className="flex justify-center gap-1" dir="ltr">
          {[1, 2, 3, 4, 5].map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={rating === value}
              aria-label={t("call_section.rating.stars", { stars: String(value) })}
              onClick={() => setRating(value)}
              className="rounded-md p-1 hover:bg-amber-50"
            >
              <Star aria-hidden="true" className={cn("size-9", value <= rating ? "fill-amber-400 text-amber-400" : "text-slate-300")} />
            </button>
          ))}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            {t("call_section.rating.skip")}
          </Button>
          <Button onClick={() => void submit()} disabled={saving}>
            {t("call_section.rating.submit")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
