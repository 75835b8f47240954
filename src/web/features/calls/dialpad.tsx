import { Delete } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { cn } from "../../lib/cn";

export const DIAL_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"] as const;

/** The keypad: 0-9, * and #; with `onBackspace`, a backspace key under it. */
export function Dialpad({
  onKey,
  onBackspace,
  disabled,
  disabledKeys = [],
  label,
  className,
}: {
  onKey: (key: string) => void;
  onBackspace?: () => void;
  disabled?: boolean;
  disabledKeys?: readonly string[];
  label: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={label} dir="ltr" className={cn("mx-auto grid w-full max-w-xs grid-cols-3 gap-2", className)}>
      {DIAL_KEYS.map((key) => (
        <button
          key={key}
          type="button"
          disabled={disabled || disabledKeys.includes(key)}
          onClick={() => onKey(key)}
          className="h-12 rounded-xl bg-slate-100 text-xl font-medium text-slate-900 tabular-nums transition-colors hover:bg-slate-200 active:bg-slate-300 disabled:opacity-50"
        >
          {key}
        </button>
      ))}
      {onBackspace ? (
        <button
          type="button"
          disabled={disabled}
          onClick={onBackspace}
          aria-label={t("call_section.backspace")}
          className="col-start-3 flex h-12 items-center justify-center rounded-xl text-slate-600 hover:bg-slate-100 disabled:opacity-50"
        >
          <Delete aria-hidden="true" className="size-6" />
        </button>
      ) : null}
    </div>
  );
}
