import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "../../lib/i18n/use-translation";
import { z } from "zod";
import { MAX_SPENDING_USD, SPENDING_AMOUNT_PATTERN } from "../../../shared/accounts/spending";
import type { SpendingSettings } from "../../../shared/api/profile";
import { formatUsd, parseMoney } from "../../../shared/money";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { isolateText } from "../../components/ui/ltr";
import { apiErrorMessage } from "../../lib/api-error-message";
import { notify } from "../../lib/notify";
import { typedAmountDecimal } from "../../lib/typed-amount";
import { useLocale } from "../../lib/use-locale";
import { useUpdateSpending } from "./profile-api";
import { FormError } from "./form-error";

const MAX = parseMoney(MAX_SPENDING_USD);

/** An amount as the reader's language writes it, as the API's decimal; null for an empty field (no control). */
export function spendingDecimal(text: string, locale: string): string | null | undefined {
  if (text.trim() === "") return null;
  const decimal = typedAmountDecimal(text, locale);
  if (decimal === null || !SPENDING_AMOUNT_PATTERN.test(decimal)) return undefined;
  const amount = parseMoney(decimal);
  return amount > 0 && amount <= MAX ? decimal : undefined;
}

function spendingSchema(locale: string) {
  const amount = z.string().refine((text) => spendingDecimal(text, locale) !== undefined, "errors.spending_amount_invalid");
  return z.object({ dailyLimit: amount, lowBalanceAlert: amount });
}
type SpendingValues = z.infer<ReturnType<typeof spendingSchema>>;

/** A stored amount as the field shows it: the reader's decimal separator, no trailing zeros past the cents. */
function fieldText(decimal: string | null, locale: string): string {
  if (decimal === null) return "";
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 4, useGrouping: false, numberingSystem: "latn" }).format(parseMoney(decimal) / 10_000);
}

/**
 * What the customer controls about spending: a daily limit (calls stop when a UTC day's
 * calls have cost it, and no call runs past it) and the balance under which we email them.
 * An empty field turns the control off.
 */
export function SpendingForm({ spending }: { spending: SpendingSettings }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const update = useUpdateSpending();
  const form = useForm<SpendingValues>({
    resolver: zodResolver(spendingSchema(locale)),
    defaultValues: { dailyLimit: fieldText(spending.dailyLimit, locale), lowBalanceAlert: fieldText(spending.lowBalanceAlert, locale) },
  });
  const { errors } = form.formState;
  const say = (message: string | undefined) => (message ? t(message) : undefined);

  const submit = form.handleSubmit((values) => {
    const body = { dailyLimit: spendingDecimal(values.dailyLimit, locale) ?? null, lowBalanceAlert: spendingDecimal(values.lowBalanceAlert, locale) ?? null };
    update.mutate(body, {
      onSuccess: (saved) => {
        notify.success(t("profile.spending_saved"));
        form.reset({ dailyLimit: fieldText(saved.dailyLimit, locale), lowBalanceAlert: fieldText(saved.lowBalanceAlert, locale) });
      },
      onError: (error) => form.setError("root", { message: apiErrorMessage(t, error) }),
    });
  });

  const spent = isolateText(formatUsd(parseMoney(spending.spentToday), locale, 2));
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <Field
        label={t("profile.daily_limit")}
        hint={spending.dailyLimit === null ? t("profile.daily_limit_hint") : t("profile.daily_limit_spent", { spent })}
        error={say(errors.dailyLimit?.message)}
      >
        <Input inputMode="decimal" autoComplete="off" dir="ltr" placeholder={t("profile.no_limit")} {...form.register("dailyLimit")} />
      </Field>
      <Field label={t("profile.low_balance")} hint={t("profile.low_balance_hint")} error={say(errors.lowBalanceAlert?.message)}>
        <Input inputMode="decimal" autoComplete="off" dir="ltr" placeholder={t("profile.no_alert")} {...form.register("lowBalanceAlert")} />
      </Field>
      <FormError message={errors.root?.message} />
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? t("profile.saving") : t("profile.save_spending")}
      </Button>
    </form>
  );
}
