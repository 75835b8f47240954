import { useTranslation } from "../../lib/i18n/use-translation";
import { Link } from "react-router";
import { localePath, useLocale } from "../../lib/use-locale";

/** Shown after a call ended because the balance ran out. */
export function BalanceSpentNotice() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <p role="status" className="rounded-lg bg-amber-50 p-3 text-center text-sm text-amber-900">
      {t("call_section.balance_spent")}{" "}
      <Link to={localePath(locale, "/payments")} className="font-semibold underline">
        {t("call_section.buy_credits")}
      </Link>
    </p>
  );
}
