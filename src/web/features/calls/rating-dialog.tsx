import { Star } from "lucide-react";
import { useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { notify } from "../../lib/notify";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { cn } from "../../lib/cn";
import { submitRating } from "./calls-api";

const STARS = [1, 2, 3, 4, 5] as const;
/** The keys that move the choice in a radio group; the stars always run left to right (dir="ltr"). */
const STEP: Record<string, (current: number) => number> = {
  ArrowRight: (current) => Math.min(5, current + 1),
  ArrowUp: (current) => Math.min(5, current + 1),
  ArrowLeft: (current) => Math.max(1, current - 1),
  ArrowDown: (current) => Math.max(1, current - 1),
  Home: () => 1,
  End: () => 5,
};

/**
 * After a call: how did it sound, 1-5 stars; skip or submit. No star is chosen at first and Submit waits for
 * one: a rating the customer did not give is not sent. The stars are a radio group: one Tab stop, the arrow
 * keys choose.
 */
export function RatingDialog({ callSid, onClose, returnFocus }: { callSid: string | null; onClose: () => void; returnFocus?: () => HTMLElement | null }) {
  const { t } = useTranslation();
  const [rating, setRating] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const stars = useRef<(HTMLButtonElement | null)[]>([]);

  const close = () => {
    setRating(null);
    onClose();
  };
  const submit = async () => {
    if (!callSid || rating === null) return;
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
  const choose = (value: number) => {
    setRating(value);
    stars.current[value - 1]?.focus();
  };
  const move = (event: KeyboardEvent) => {
    const step = STEP[event.key];
    if (!step) return;
    event.preventDefault();
    // From no choice, a step forward starts at the first star and a step back at the last.
    choose(step(rating ?? (event.key === "ArrowLeft" || event.key === "ArrowDown" ? 6 : 0)));
  };

  return (
    <Dialog open={callSid !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent title={t("call_section.rating.title")} description={t("call_section.rating.description")} returnFocus={returnFocus}>
        <div role="radiogroup" aria-label={t("call_section.rating.title")} className="flex justify-center gap-1" dir="ltr" onKeyDown={move}>
          {STARS.map((value) => (
            <button
              key={value}
              ref={(element) => {
                stars.current[value - 1] = element;
              }}
              type="button"
              role="radio"
              aria-checked={rating === value}
              aria-label={t("call_section.rating.stars", { stars: String(value) })}
              // One Tab stop: the chosen star, or the first before any is chosen.
              tabIndex={(rating ?? 1) === value ? 0 : -1}
              onClick={() => setRating(value)}
              className="rounded-md p-1 hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <Star aria-hidden="true" className={cn("size-9", rating !== null && value <= rating ? "fill-amber-400 text-amber-400" : "text-slate-300")} />
            </button>
          ))}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            {t("call_section.rating.skip")}
          </Button>
          <Button onClick={() => void submit()} disabled={saving || rating === null}>
            {t("call_section.rating.submit")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
