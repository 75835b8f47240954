import { CircleX, CreditCard, LoaderCircle, Lock } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Link, useSearchParams } from "react-router";
import { canonicalDiscountCode, DISCOUNT_CODE_PATTERN } from "../../../shared/api/discounts";
import { parseMoney, type Money } from "../../../shared/money";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { localePath, useLocale } from "../../lib/use-locale";
import { usePageTitle } from "../../lib/use-page-title";
import { apiErrorMessage } from "../../lib/api-error-message";
import { useBalance } from "../../lib/balance-api";
import { formatRate } from "../../lib/rates/rate-format";
import { checkoutAmountOf, DEFAULT_PACKAGE, readCustomAmount } from "./amounts";
import { usePaymentLimits, usePurchaseQuote, useStartCheckout } from "./buy-api";
import { BUY_PREFIXES, useBuyStrings } from "./buy-strings";
import { PackagePicker, type AmountChoice } from "./package-picker";
import { QuoteSummary, refusalText } from "./quote-summary";
import { TalkTime } from "./talk-time";
import { useDebounced } from "../../lib/use-debounced";

/** How long typing must pause before the price is asked again. */
export const QUOTE_DEBOUNCE_MS = 350;

/** Sends the browser to the provider's checkout (a seam for tests). */
export const navigateTo = { assign: (url: string) => window.location.assign(url) };

/**
 * /{lang}/phone: buy credits. The customer chooses an amount and may give a code; the
 * server prices it (the quote) and the checkout charges exactly that. The page sends only
 * what the customer chose (amount, code, language), never a price or a credit.
 */
export function PhonePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  useBuyStrings();
  usePageTitle(t("buy.title"));
  const [search] = useSearchParams();
  const cancelled = search.get("cancelled");
  const limits = usePaymentLimits();
  const balance = useBalance(true);
  const [choice, setChoice] = useState<AmountChoice>(DEFAULT_PACKAGE);
  const [customText, setCustomText] = useState("");
  const [codeText, setCodeText] = useState("");
  const checkout = useStartCheckout();

  const custom = readCustomAmount(customText, locale, limits.data);
  const amount: Money | null = choice === "custom" ? (custom.ok ? custom.value : null) : choice;
  const code = canonicalDiscountCode(codeText);
  const codeMalformed = code !== "" && !DISCOUNT_CODE_PATTERN.test(code);
  const wanted = amount === null || codeMalformed ? null : { amount: checkoutAmountOf(amount), code };
  const asked = useDebounced(wanted, QUOTE_DEBOUNCE_MS);
  const settled = JSON.stringify(asked) === JSON.stringify(wanted);
  const quote = usePurchaseQuote(asked);
  const current = settled && !quote.isPlaceholderData ? quote.data : undefined;
  // The credit the talk time is worked out on: the server's, or (no code, no quote) the amount itself.
  const credit = current ? parseMoney(current.totalCredit) : wanted && !wanted.code && quote.isError ? amount : null;
  const refused = Boolean(current?.refusal);
  const canPay = wanted !== null && settled && !quote.isFetching && !refused && !checkout.isPending;

  const pay = () => {
    if (!wanted) return;
    checkout.mutate(
      { amount: wanted.amount, ...(wanted.code ? { code: wanted.code } : {}), lang: locale },
      { onSuccess: (started) => navigateTo.assign(started.url) },
    );
  };

  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t("buy.title")}</h1>
          <p className="mt-1 text-sm text-slate-600">{t("buy.subtitle")}</p>
        </div>
        <div className="flex items-center gap-4 text-sm">
          {balance.data !== undefined ? (
            <p className="text-slate-700">
              {t("buy.current_balance")} <span className="font-semibold tabular-nums text-slate-900">{formatRate(balance.data, locale)}</span>
            </p>
          ) : null}
          <Link to={localePath(locale, "/payments")} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            {t("buy.your_payments")}
          </Link>
        </div>
      </header>

      {cancelled ? (
        <div role="status" className="flex items-start gap-3 rounded-2xl bg-slate-100 p-4 text-slate-800">
          <CircleX aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
          <p>{t("buy.cancelled")}</p>
        </div>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="space-y-6">
          {limits.isError ? (
            <p role="alert" className="text-sm text-red-800">
              {t("buy.limits_error")} {apiErrorMessage(t, limits.error)}
            </p>
          ) : null}
          <PackagePicker choice={choice} onChoice={setChoice} customText={customText} onCustomText={setCustomText} custom={custom} bounds={limits.data} />
          <div className="max-w-sm">
            {/* A refused code is said under it, where the person typed: on a phone the summary is a screen below. */}
            <Field label={t("buy.code_label")} hint={t("buy.code_hint")} error={codeMalformed ? t("buy.code_malformed") : current?.refusal ? refusalText(t, current.refusal, locale) : undefined}>
              <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} dir="ltr" className="uppercase rtl:text-end" value={codeText} onChange={(event) => setCodeText(event.target.value)} />
            </Field>
          </div>
          <TalkTime credit={credit} />
        </Card>

        <Card className="space-y-5 self-start lg:sticky lg:top-20">
          <h2 className="text-lg font-semibold text-slate-900">{t("buy.summary_heading")}</h2>
          <div aria-live="polite">
            {wanted === null ? (
              <p className="text-sm text-slate-600">{t("buy.choose_first")}</p>
            ) : (
              <QuoteSummary quote={current ?? quote.data} stale={!current} error={settled ? quote.error : null} />
            )}
          </div>
          {checkout.isError ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {apiErrorMessage(t, checkout.error)}
            </p>
          ) : null}
          <Button size="lg" className="w-full" disabled={!canPay} onClick={pay}>
            {checkout.isPending ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : <CreditCard aria-hidden="true" className="size-5" />}
            {current ? t("buy.pay_amount", { amount: formatRate(parseMoney(current.pay), locale) }) : t("buy.pay")}
          </Button>
          <p className="flex items-center gap-2 text-xs text-slate-500">
            <Lock aria-hidden="true" className="size-3.5 shrink-0" />
            {t("buy.secure_note")}
          </p>
        </Card>
      </div>
    </main>
  );
}

export default PhonePage;

/** The strings this page waits for (app/page-routes.tsx): the talk-time estimate's country picker too. */
export const pageStrings = [...BUY_PREFIXES, "country_picker.", "rates."];
