import { useQuery } from "@tanstack/react-query";
import { Wallet } from "lucide-react";
import { useTranslation } from "../../../lib/i18n/use-translation";
import { Link } from "react-router";
import { creditBalanceRoute } from "../../../../shared/api/routes";
import { formatUsd, parseMoney } from "../../../../shared/money";
import { callApi } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { BALANCE_QUERY_KEY } from "../../../lib/live-events";
import { useLocale } from "../../../lib/use-locale";
import { hasPage } from "../../page-routes";

/** Read with the `balance` live events (which write the same key) rather than polled. */
export function useBalance(enabled: boolean) {
  return useQuery({
    queryKey: BALANCE_QUERY_KEY,
    queryFn: ({ signal }) => callApi(creditBalanceRoute, { signal }),
    enabled,
    // Live events keep it current; a refetch on focus covers a stream that was down.
    staleTime: 60_000,
  });
}

/**
 * The signed-in customer's prepaid balance, 2 decimals in their language. It links to
 * buying credits once that page exists. Nothing shows until the amount is known: a
 * wrong "$0.00" would alarm more than a moment's blank.
 */
export function HeaderBalance({ className }: { className?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const balance = useBalance(true);
  if (!balance.data) return null;
  const amount = formatUsd(parseMoney(balance.data.balance), locale, 2);
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
