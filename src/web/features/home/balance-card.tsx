import { Wallet } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Link } from "react-router";
import { formatUsd } from "../../../shared/money";
import { useBalance } from "../../lib/balance-api";
import { buttonVariants } from "../../components/ui/button";
import { localePath, useLocale } from "../../lib/use-locale";

/**
 * The customer's home starts with their balance and the way to top it up. The amount
 * is the header's own query (lib/balance-api.ts, kept current by `balance` live events), so the
 * two never disagree; nothing is shown for it until it is known, as in the header.
 */
export function BalanceCard() {
  const { t } = useTranslation();
  const locale = useLocale();
  const balance = useBalance(true);
  return (
    <section aria-labelledby="balance-heading" className="px-4 pt-8">
      <div className="mx-auto flex max-w-md flex-col gap-4 rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 p-6 text-white shadow-md sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <Wallet aria-hidden="true" className="size-8 shrink-0 text-brand-100" />
          <div>
            <h1 id="balance-heading" className="text-sm font-medium text-brand-50">
              {t("index.balance.heading")}
            </h1>
            <p className="min-h-9 text-3xl font-bold tabular-nums" data-testid="home-balance">
              {balance.data !== undefined ? formatUsd(balance.data, locale, 2) : null}
              {balance.isError ? <span className="text-base font-medium">{t("index.balance.unavailable")}</span> : null}
            </p>
          </div>
        </div>
        <Link to={localePath(locale, "/phone")} className={buttonVariants({ variant: "secondary", className: "shrink-0" })}>
          {t("nav.buy_credits")}
        </Link>
      </div>
    </section>
  );
}
