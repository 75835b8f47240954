import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "../../lib/i18n/use-translation";
import { z } from "zod";
import type { CallCreditPolicy } from "../../../shared/api/call-credits";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { Switch } from "../../components/ui/switch";
import { apiErrorMessage } from "../../lib/api-error-message";
import { notify } from "../../lib/notify";
import { useCallCreditPolicy, useSaveCallCreditPolicy } from "./call-credit-api";

/** An optional whole or decimal figure as typed: empty turns its rule off. Messages are translation keys. */
const optionalFigure = (min: number, max: number, integer: boolean) =>
  z
    .string()
    .trim()
    .refine((text) => {
      if (text === "") return true;
      const value = Number(text.replace(",", "."));
      return Number.isFinite(value) && value >= min && value <= max && (!integer || Number.isInteger(value));
    }, "admin_calls.policy.error_out_of_range");

const policySchema = z.object({
  enabled: z.boolean(),
  shortCallSeconds: optionalFigure(1, 600, true),
  maxPacketLossPercent: optionalFigure(0.1, 100, false),
  maxJitterMs: optionalFigure(1, 2000, true),
});
type PolicyValues = z.infer<typeof policySchema>;

const toText = (value: number | null) => (value === null ? "" : String(value));
const toFigure = (text: string) => (text.trim() === "" ? null : Number(text.trim().replace(",", ".")));

/**
 * The automatic credit for broken calls (off by default): answered calls shorter than a number
 * of seconds, and calls whose packet loss or jitter as the carrier measured it broke a threshold,
 * are given back in full. An empty field turns its rule off.
 */
export function CallCreditPolicyCard() {
  const { t } = useTranslation();
  const headingId = useId();
  const policy = useCallCreditPolicy();
  const save = useSaveCallCreditPolicy();
  const form = useForm<PolicyValues>({ resolver: zodResolver(policySchema), defaultValues: { enabled: false, shortCallSeconds: "", maxPacketLossPercent: "", maxJitterMs: "" } });
  const { errors } = form.formState;
  const say = (message: string | undefined) => (message ? t(message) : undefined);

  const loaded = policy.data?.policy;
  useEffect(() => {
    if (!loaded) return;
    form.reset({ enabled: loaded.enabled, shortCallSeconds: toText(loaded.shortCallSeconds), maxPacketLossPercent: toText(loaded.maxPacketLossPercent), maxJitterMs: toText(loaded.maxJitterMs) });
  }, [loaded, form]);

  const submit = form.handleSubmit((values) => {
    const next: CallCreditPolicy = {
      enabled: values.enabled,
      shortCallSeconds: toFigure(values.shortCallSeconds),
      maxPacketLossPercent: toFigure(values.maxPacketLossPercent),
      maxJitterMs: toFigure(values.maxJitterMs),
    };
    save.mutate(next, {
      onSuccess: () => notify.success(t("admin_calls.policy.saved")),
      onError: (error) => form.setError("root", { message: apiErrorMessage(t, error) }),
    });
  });

  return (
    <Card>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t("admin_calls.policy.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("admin_calls.policy.hint")}</p>
      {policy.isPending ? <Spinner className="mt-4" /> : null}
      {policy.isError ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {apiErrorMessage(t, policy.error)}
        </p>
      ) : null}
      {loaded ? (
        <form aria-labelledby={headingId} noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
          <label className="flex items-center gap-3 text-sm font-medium text-slate-800">
            <Controller control={form.control} name="enabled" render={({ field }) => <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />} />
            {t("admin_calls.policy.enabled")}
          </label>
          <div className="grid gap-4 md:grid-cols-3">
            <Field label={t("admin_calls.policy.short_call")} hint={t("admin_calls.policy.short_call_hint")} error={say(errors.shortCallSeconds?.message)}>
              <Input inputMode="numeric" autoComplete="off" dir="ltr" {...form.register("shortCallSeconds")} />
            </Field>
            <Field label={t("admin_calls.policy.max_loss")} hint={t("admin_calls.policy.max_loss_hint")} error={say(errors.maxPacketLossPercent?.message)}>
              <Input inputMode="decimal" autoComplete="off" dir="ltr" {...form.register("maxPacketLossPercent")} />
            </Field>
            <Field label={t("admin_calls.policy.max_jitter")} hint={t("admin_calls.policy.max_jitter_hint")} error={say(errors.maxJitterMs?.message)}>
              <Input inputMode="numeric" autoComplete="off" dir="ltr" {...form.register("maxJitterMs")} />
            </Field>
          </div>
          {errors.root?.message ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {errors.root.message}
            </p>
          ) : null}
          <Button type="submit" size="sm" disabled={save.isPending}>
            {save.isPending ? t("admin_calls.policy.saving") : t("admin_calls.policy.save")}
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
