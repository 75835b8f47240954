import { useTranslation } from "../../lib/i18n/use-translation";
import { cn } from "../../lib/cn";
import { textOrNothing } from "../../lib/i18n/i18n";

/** A spinning ring with an accessible label. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { i18n } = useTranslation();
  return (
    <span role="status" className={cn("inline-flex items-center", className)}>
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
      <span className="sr-only">{label ?? textOrNothing(i18n, "common.loading")}</span>
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
