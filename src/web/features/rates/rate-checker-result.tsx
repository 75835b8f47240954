import { Ban, CircleCheck } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { z } from "zod";
import type { rateLookup } from "../../../shared/api/rates";
import { getCountry } from "../../../shared/countries/countries";
import { parseMoney } from "../../../shared/money";
import { Ltr } from "../../components/ui/ltr";
import { apiErrorMessage } from "../../lib/api-error-message";
import { useLocale } from "../../lib/use-locale";
import { useCountryName } from "../../lib/rates/country-names";
import { useLineKindLabel } from "./line-rates";
import { formatRate } from "../../lib/rates/rate-format";
import { Flag } from "../../components/ui/flag";

type LookupAnswer = z.infer<(typeof rateLookup)["response"]>;

/** The priced number (`pretty`: as people write it): its country, line type and the per-minute price with 4 decimals. */
export function LookupResult({ result, pretty }: { result: LookupAnswer; pretty: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const nameOf = useCountryName();
  const labelOf = useLineKindLabel();
  // Non-geographic numbers (satellite, code ZZ) have no flag or translated name: show the server's name.
  const known = getCountry(result.countryCode) !== undefined;
  return (
    <div className="mt-6 border-t border-slate-100 pt-6" data-testid="rate-result">
      <p className="flex items-center gap-2 text-sm font-medium text-emerald-700">
        <CircleCheck aria-hidden="true" className="size-4" />
        {t("rate_checker.callable")}
      </p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3">
        <dt className="text-slate-500">{t("rate_checker.number")}</dt>
        <dd className="font-mono text-slate-900">
          <Ltr>{pretty}</Ltr>
        </dd>
        <dt className="text-slate-500">{t("rate_checker.country")}</dt>
        <dd className="flex items-center gap-2 font-medium text-slate-900">
          {known ? <Flag code={result.countryCode} /> : null}
          {known ? nameOf(result.countryCode) : result.country}
        </dd>
        <dt className="text-slate-500">{t("rate_checker.line_type")}</dt>
        <dd className="text-slate-900">{labelOf(result.lineKind)}</dd>
        <dt className="text-slate-500">{t("rate_checker.price")}</dt>
        <dd className="text-2xl font-bold tabular-nums text-brand-800">{t("rates.per_minute", { price: formatRate(parseMoney(result.rate), locale, 4) })}</dd>
      </dl>
    </div>
  );
}

/** Why the number cannot be priced: the server's refusal code, translated (errors.<code>), or a generic message. */
export function LookupFailure({ error }: { error: Error }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mt-6 flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
      <Ban aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>{apiErrorMessage(t, error, { fallback: t("rate_checker.lookup_failed") })}</p>
    </div>
  );
}
