import { useMutation } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { PageSpinner } from "../../components/ui/spinner";
import { usePageTitle } from "../../lib/use-page-title";
import { dialingExample } from "./dialing-example";
import { lookupRate } from "../../lib/rates/rates-api";
import { useRatesStrings } from "../../lib/rates/rates-strings";
import { LookupFailure, LookupResult } from "./rate-checker-result";

const PLACEHOLDER = dialingExample("GB", "+44")?.international ?? "+44";

/**
 * The lookup and the priced number as people write it ("+44 7106 123456"). The phone
 * library that writes it is fetched beside the request, not with the page; without it
 * (it could not be fetched) the number shows as the server wrote it.
 */
async function lookupNumber(number: string) {
  const [result, format] = await Promise.all([
    lookupRate(number),
    import("../../lib/phone-format").then(
      (module) => module.formatPhoneNumber,
      () => (e164: string) => e164,
    ),
  ]);
  return { result, pretty: format(result.e164) };
}

/** /{lang}/twilio-test, labelled Rate Checker: the per-minute price of any number, or why it cannot be called. */
export function RateCheckerPage() {
  const { t } = useTranslation();
  const ready = useRatesStrings();
  const id = useId();
  const [number, setNumber] = useState("");
  const [missing, setMissing] = useState(false);
  const lookup = useMutation({ mutationFn: lookupNumber });
  usePageTitle(ready ? t("rate_checker.title") : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = number.trim();
    setMissing(trimmed === "");
    if (trimmed !== "") lookup.mutate(trimmed);
  };

  if (!ready) return <PageSpinner />;
  return (
    <main id="main" className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t("rate_checker.title")}</h1>
      <p className="mt-3 text-lg text-slate-600">{t("rate_checker.intro")}</p>
      <Card className="mt-8">
        <form onSubmit={submit} noValidate>
          <label htmlFor={`${id}-number`} className="block text-sm font-medium text-slate-800">
            {t("rate_checker.number_label")}
          </label>
          <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-500">
            {missing ? <span className="text-red-700">{t("rate_checker.number_missing")}</span> : t("rate_checker.number_hint")}
          </p>
          <div className="mt-2 flex flex-col gap-3 sm:flex-row">
            <Input
              id={`${id}-number`}
              type="tel"
              dir="ltr"
              inputMode="tel"
              autoComplete="tel"
              value={number}
              onChange={(event) => {
                setNumber(event.target.value);
                setMissing(false);
              }}
              placeholder={PLACEHOLDER}
              aria-describedby={`${id}-hint`}
              aria-invalid={missing ? true : undefined}
              className="text-start sm:flex-1 rtl:text-end"
            />
            <Button type="submit" size="md" className="h-11" disabled={lookup.isPending}>
              <Search aria-hidden="true" className="size-4" />
              {lookup.isPending ? t("rate_checker.checking") : t("rate_checker.submit")}
            </Button>
          </div>
        </form>
        <div aria-live="polite" className="empty:hidden">
          {lookup.isSuccess ? <LookupResult result={lookup.data.result} pretty={lookup.data.pretty} /> : lookup.isError ? <LookupFailure error={lookup.error} /> : null}
        </div>
      </Card>
    </main>
  );
}

export default RateCheckerPage;
