import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "../lib/i18n/use-translation";
import { notify } from "../lib/notify";
import { z } from "zod";
import { ADJUSTMENT_REASON_MAX, adminCreditAdjust } from "../../shared/api/credit-audit";
import { formatUsd, parseMoney } from "../../shared/money";
import { Button } from "./ui/button";
import { Card } from "./ui/card";
import { Field } from "./ui/field";
import { Input } from "./ui/input";
import { isolateText } from "./ui/ltr";
import { ApiError, callApi } from "../lib/api-client";
import { useLocale } from "../lib/use-locale";
import { apiErrorMessage } from "../lib/api-error-message";
import { typedAmountDecimal as adjustmentDecimal } from "../lib/typed-amount";

/**
 * An adjustment; once it lands, every back-office view is read again (the credit audit's ledger and
 * reconciliation, the users list and the customer's page all show the balance).
 */
function useAdjustCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; amount: string; reason: string }) => callApi(adminCreditAdjust, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}

/** The form's own checks; messages are translation keys, shown translated. The server checks again. */
function adjustmentSchema(locale: string) {
  return z.object({
    email: z.string().trim().min(1, "credit_audit.error_email_required").pipe(z.email("credit_audit.error_email_invalid")),
    amount: z
      .string()
      .trim()
      .min(1, "credit_audit.error_amount_required")
      .refine((text) => adjustmentDecimal(text, locale) !== null, "credit_audit.error_amount_invalid")
      .refine((text) => {
        const decimal = adjustmentDecimal(text, locale);
        return decimal === null || parseMoney(decimal) !== 0;
      }, "credit_audit.error_amount_zero"),
    reason: z.string().trim().min(1, "credit_audit.error_reason_required").max(ADJUSTMENT_REASON_MAX, "credit_audit.error_reason_too_long"),
  });
}
type AdjustmentValues = z.infer<ReturnType<typeof adjustmentSchema>>;

/** A 409 names the balance and what live calls hold; the page says it in the admin's language. */
function refusalMessage(t: ReturnType<typeof useTranslation>["t"], error: unknown, locale: string): string {
  if (error instanceof ApiError && error.code === "adjustment_below_zero") {
    const figure = (path: string) => error.details?.find((detail) => detail.path === path)?.message;
    const balance = figure("balance");
    const held = figure("heldByLiveCalls");
    if (balance !== undefined) {
      const money = (decimal: string) => isolateText(formatUsd(parseMoney(decimal), locale, 4));
      return held !== undefined && parseMoney(held) > 0
        ? t("credit_audit.refused_below_zero_live", { balance: money(balance), held: money(held) })
        : t("credit_audit.refused_below_zero", { balance: money(balance) });
    }
  }
  return apiErrorMessage(t, error);
}

/**
 * A manual adjustment: customer, signed amount, reason; one admin_adjustment row, audited. Given
 * `customerEmail` (a customer's page), the form adjusts that account and asks for no email;
 * `onAdjusted` runs after each adjustment.
 */
export function AdjustmentForm({ customerEmail, onAdjusted }: { customerEmail?: string; onAdjusted?: () => void } = {}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const adjust = useAdjustCredits();
  const email = customerEmail ?? "";
  const form = useForm<AdjustmentValues>({ resolver: zodResolver(adjustmentSchema(locale)), defaultValues: { email, amount: "", reason: "" } });
  const { errors } = form.formState;
  const say = (message: string | undefined) => (message ? t(message) : undefined);

  const submit = form.handleSubmit((values) => {
    const amount = adjustmentDecimal(values.amount, locale) ?? values.amount;
    adjust.mutate(
      { email: values.email, amount, reason: values.reason },
      {
        onSuccess: (result) => {
          notify.success(
            t("credit_audit.adjusted", {
              email: result.entry.email,
              amount: isolateText(formatUsd(parseMoney(result.entry.amount), locale, 4)),
              balance: isolateText(formatUsd(parseMoney(result.balance), locale, 4)),
            }),
          );
          form.reset({ email, amount: "", reason: "" });
          onAdjusted?.();
        },
        onError: (error) => form.setError("root", { message: refusalMessage(t, error, locale) }),
      },
    );
  });

  return (
    <Card>
      <h2 id="credit-adjustment" className="text-lg font-semibold text-slate-900">
        {t("credit_audit.adjust_heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("credit_audit.adjust_hint")}</p>
      <form aria-labelledby="credit-adjustment" noValidate onSubmit={(event) => void submit(event)} className="mt-4 grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,12rem)] md:items-start">
        {customerEmail === undefined ? (
          <Field label={t("credit_audit.field_email")} error={say(errors.email?.message)}>
            <Input type="email" autoComplete="off" dir="ltr" {...form.register("email")} />
          </Field>
        ) : null}
        <Field label={t("credit_audit.field_amount")} hint={t("credit_audit.field_amount_hint")} error={say(errors.amount?.message)}>
          <Input inputMode="decimal" autoComplete="off" dir="ltr" {...form.register("amount")} />
        </Field>
        <div className="md:col-span-2">
          <Field label={t("credit_audit.field_reason")} error={say(errors.reason?.message)}>
            <Input autoComplete="off" maxLength={ADJUSTMENT_REASON_MAX} {...form.register("reason")} />
          </Field>
        </div>
        {errors.root?.message ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 md:col-span-2">
            {errors.root.message}
          </p>
        ) : null}
        <div className="md:col-span-2">
          <Button type="submit" disabled={adjust.isPending}>
            {adjust.isPending ? t("credit_audit.adjusting") : t("credit_audit.adjust_submit")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
