import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";

/** A spinning ring with an accessible label. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <span role="status" className={cn("inline-flex items-center", className)}>
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
      {/* Empty rather than the raw key while a bare page waits for its first strings. */}
      <span className="sr-only">{label ?? t("common.loading", { defaultValue: "" })}</span>
    </span>
  );
}

/** The centred spinner shown while a page or the session is loading. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner />
    </div>
  );
}
