import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "../../lib/i18n/use-translation";
import { z } from "zod";
import type { AdminCall } from "../../../shared/api/admin-calls";
import { CALL_CREDIT_NOTE_MAX } from "../../../shared/api/call-credits";
import { FINAL_CALL_STATUSES } from "../../../shared/api/calls";
import { formatUsd, parseMoney } from "../../../shared/money";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { isolateText } from "../../components/ui/ltr";
import { apiErrorMessage } from "../../lib/api-error-message";
import { notify } from "../../lib/notify";
import { typedAmountDecimal } from "../../lib/typed-amount";
import { useLocale } from "../../lib/use-locale";
import { formatMoment } from "./admin-calls-format";
import { useCreditCall } from "./call-credit-api";

/** The form's own checks (messages are translation keys); the server checks the cost and "once" again. */
function creditSchema(locale: string, cost: number) {
  return z.object({
    amount: z
      .string()
      .trim()
      .min(1, "admin_calls.credit.error_amount_required")
      .refine((text) => {
        const decimal = typedAmountDecimal(text, locale);
        return decimal !== null && !decimal.startsWith("-") && parseMoney(decimal) > 0;
      }, "admin_calls.credit.error_amount_invalid")
      .refine((text) => {
        const decimal = typedAmountDecimal(text, locale);
        return decimal === null || parseMoney(decimal) <= cost;
      }, "admin_calls.credit.error_amount_above_cost"),
    reason: z.string().trim().min(3, "admin_calls.credit.error_reason_required").max(CALL_CREDIT_NOTE_MAX, "admin_calls.credit.error_reason_too_long"),
  });
}
type CreditValues = z.infer<ReturnType<typeof creditSchema>>;

/**
 * Fair billing for a broken call: what was given back (amount, why, when) or, for a settled call
 * that cost something, the form that gives back all or part of it, once.
 */
export function CallCreditSection({ call }: { call: AdminCall }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const headingId = useId();
  const cost = parseMoney(call.costUsd);
  const money = (decimal: string) => formatUsd(parseMoney(decimal), locale, 4);

  let body;
  if (call.credit) {
    body = (
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[minmax(0,12rem)_1fr]">
        <dt className="text-slate-600">{t("admin_calls.credit.amount")}</dt>
        <dd className="tabular-nums text-slate-900">{money(call.credit.amountUsd)}</dd>
        <dt className="text-slate-600">{t("admin_calls.credit.why")}</dt>
        <dd className="text-slate-900">{t(`admin_calls.credit.reason_${call.credit.reason}`)}</dd>
        {call.credit.note ? (
          <>
            <dt className="text-slate-600">{t("admin_calls.credit.reason")}</dt>
            <dd className="break-words text-slate-900">{call.credit.note}</dd>
          </>
        ) : null}
        <dt className="text-slate-600">{t("admin_calls.credit.when")}</dt>
        <dd className="text-slate-900">
          <time dateTime={call.credit.createdAt}>{formatMoment(call.credit.createdAt, locale)}</time>
        </dd>
      </dl>
    );
  } else if (!FINAL_CALL_STATUSES.includes(call.status)) {
    body = <p className="text-sm text-slate-600">{t("admin_calls.credit.not_settled")}</p>;
  } else if (cost <= 0) {
    body = <p className="text-sm text-slate-600">{t("admin_calls.credit.nothing_charged")}</p>;
  } else {
    body = <CreditForm call={call} cost={cost} />;
  }
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {t("admin_calls.credit.heading")}
      </h3>
      {body}
    </section>
  );
}

function CreditForm({ call, cost }: { call: AdminCall; cost: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const credit = useCreditCall(call.callSid);
  const form = useForm<CreditValues>({
    resolver: zodResolver(creditSchema(locale, cost)),
    // The whole cost by default: the usual case is a call that was no use at all.
    defaultValues: { amount: new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 4, useGrouping: false }).format(cost / 10_000), reason: "" },
  });
  const { errors } = form.formState;
  const say = (message: string | undefined) => (message ? t(message, { cost: isolateText(formatUsd(cost, locale, 4)) }) : undefined);

  const submit = form.handleSubmit((values) => {
    const amount = typedAmountDecimal(values.amount, locale) ?? values.amount;
    credit.mutate(
      { amount, reason: values.reason },
      {
        onSuccess: (result) => notify.success(t("admin_calls.credit.done", { amount: isolateText(formatUsd(parseMoney(result.credit.amountUsd), locale, 4)), email: call.userEmail })),
        onError: (error) => form.setError("root", { message: apiErrorMessage(t, error) }),
      },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3" aria-label={t("admin_calls.credit.heading")}>
      <p className="text-sm text-slate-600">{t("admin_calls.credit.hint", { cost: isolateText(formatUsd(cost, locale, 4)) })}</p>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)] sm:items-start">
        <Field label={t("admin_calls.credit.amount")} error={say(errors.amount?.message)}>
          <Input inputMode="decimal" autoComplete="off" dir="ltr" {...form.register("amount")} />
        </Field>
        <Field label={t("admin_calls.credit.reason")} hint={t("admin_calls.credit.reason_hint")} error={say(errors.reason?.message)}>
          <Input autoComplete="off" maxLength={CALL_CREDIT_NOTE_MAX} {...form.register("reason")} />
        </Field>
      </div>
      {errors.root?.message ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {errors.root.message}
        </p>
      ) : null}
      <Button type="submit" size="sm" disabled={credit.isPending}>
        {credit.isPending ? t("admin_calls.credit.submitting") : t("admin_calls.credit.submit")}
      </Button>
    </form>
  );
}

/** For the quality section: the carrier's own measurement, which the automatic credit goes by. */
export function carrierQualityFacts(call: AdminCall, t: ReturnType<typeof useTranslation>["t"], locale: string) {
  if (!call.carrierQuality) return [];
  const ms = new Intl.NumberFormat(locale, { style: "unit", unit: "millisecond", unitDisplay: "short", maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 });
  return [
    { key: "carrier_loss", label: t("admin_calls.credit.carrier_loss"), value: <span className="tabular-nums">{percent.format(call.carrierQuality.packetLossPercent / 100)}</span> },
    { key: "carrier_jitter", label: t("admin_calls.credit.carrier_jitter"), value: <span className="tabular-nums">{ms.format(call.carrierQuality.jitterMs)}</span> },
  ];
}
