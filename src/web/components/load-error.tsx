import { useTranslation } from "../lib/i18n/use-translation";
import { Button } from "./ui/button";
import { cn } from "../lib/cn";

/** The spec's rate-list failure: "Failed to load country rates", with a way to try again. */
export function LoadError({ onRetry, className }: { onRetry: () => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className={cn("flex flex-col items-center gap-3 rounded-2xl border border-red-200 bg-red-50 px-4 py-10 text-center", className)}>
      <p className="font-medium text-red-800">{t("rates.load_error")}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t("rates.retry")}
      </Button>
    </div>
  );
}
