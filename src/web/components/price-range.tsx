import { useTranslation } from "../lib/i18n/use-translation";
import type { Money } from "../../shared/money";
import { useLocale } from "../lib/use-locale";
import { formatRate, sameOnScreen } from "../lib/rates/rate-format";

/** "from $0.03 to $0.06 /min", or one price when both ends look the same at 2 decimals. */
export function PriceRangeText({ cheapest, mostExpensive, className }: { cheapest: Money; mostExpensive: Money; className?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const from = formatRate(cheapest, locale);
  return (
    <span className={className}>
      {sameOnScreen(cheapest, mostExpensive)
        ? t("rates.per_minute", { price: from })
        : t("rates.price_range", { from, to: formatRate(mostExpensive, locale) })}
    </span>
  );
}
