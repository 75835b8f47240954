import { Wallet } from "lucide-react";
import { useTranslation } from "../../../lib/i18n/use-translation";
import { Link } from "react-router";
import { formatUsd } from "../../../../shared/money";
import { useBalance } from "../../../lib/balance-api";
import { cn } from "../../../lib/cn";
import { useLocale } from "../../../lib/use-locale";
import { hasPage } from "../../page-routes";

/**
 * The signed-in customer's prepaid balance, 2 decimals in their language. It links to
 * buying credits once that page exists. Nothing shows until the amount is known: a
 * wrong "$0.00" would alarm more than a moment's blank.
 */
export function HeaderBalance({ className }: { className?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const balance = useBalance(true);
  // A balance of zero is a balance: only an unknown one shows nothing.
  if (balance.data === undefined) return null;
  const amount = formatUsd(balance.data, locale, 2);
  const content = (
    <>
      <Wallet aria-hidden="true" className="size-4 text-brand-700" />
      <span className="sr-only lg:not-sr-only">{t("nav.balance")}</span>
      <span className="font-semibold tabular-nums text-slate-900">{amount}</span>
    </>
  );
  const style = cn("inline-flex h-9 items-center gap-1.5 rounded-full bg-brand-50 px-3 text-sm text-slate-700 ring-1 ring-brand-100", className);
  return hasPage("phone") ? (
    <Link to={`/${locale}/phone`} className={cn(style, "hover:bg-brand-100")} data-testid="header-balance">
      {content}
    </Link>
  ) : (
    <p className={style} data-testid="header-balance">
      {content}
    </p>
  );
}
