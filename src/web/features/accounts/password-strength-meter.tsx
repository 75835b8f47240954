import { useTranslation } from "../../lib/i18n/use-translation";
import { passwordStrength } from "../../../shared/accounts/credentials";
import { cn } from "../../lib/cn";

const COLOURS = { weak: "bg-red-500", medium: "bg-amber-500", strong: "bg-emerald-600" } as const;

/** The spec's five-check meter, announced politely as it changes. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  if (!password) return null;
  const { level, percent } = passwordStrength(password);
  const label = level === "weak" ? t("auth.strength.weak") : level === "medium" ? t("auth.strength.medium") : t("auth.strength.strong");
  return (
    <div className="space-y-1" aria-live="polite">
      <div className="h-1.5 overflow-hidden rounded-full bg-slate-200" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t("auth.strength.label")}>
        <div className={cn("h-full rounded-full transition-all", COLOURS[level])} style={{ inlineSize: `${percent}%` }} />
      </div>
      <p className="text-xs text-slate-600">
        {t("auth.strength.label")}: <span className="font-medium">{label}</span>
      </p>
    </div>
  );
}
