import { useTranslation } from "../../lib/i18n/use-translation";
import type { AdminUserRow } from "../../../shared/api/admin-users";
import { cn } from "../../lib/cn";

const BADGE = "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium";

/** Role, an unconfirmed address and a ban, in words (never colour alone). */
export function UserBadges({ account, className }: { account: Pick<AdminUserRow, "role" | "emailVerified" | "banned">; className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cn("flex flex-wrap gap-1", className)}>
      {account.role === "admin" ? <span className={cn(BADGE, "bg-brand-50 text-brand-800")}>{t("admin_users.badge.admin")}</span> : null}
      {account.emailVerified ? null : <span className={cn(BADGE, "bg-amber-50 text-amber-800")}>{t("admin_users.badge.unverified")}</span>}
      {account.banned ? <span className={cn(BADGE, "bg-red-50 text-red-800")}>{t("admin_users.badge.banned")}</span> : null}
    </span>
  );
}
