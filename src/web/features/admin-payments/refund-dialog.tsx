import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "../../lib/i18n/use-translation";
import { notify } from "../../lib/notify";
import { z } from "zod";
import type { AdminPayment } from "../../../shared/api/admin-payments";
import { parseLocaleAmount, separatorsOf } from "../../../shared/i18n/locale-number";
import { moneyToFixed, parseMoney } from "../../../shared/money";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { isolateText, ltrText } from "../../components/ui/ltr";
import { useLocale } from "../../lib/use-locale";
import { apiErrorMessage } from "../../lib/api-error-message";
import { useRefund } from "./admin-payments-api";
import { usd } from "./payment-format";

interface Outcome {
  status: "succeeded" | "pending" | "failed";
  amount: string;
  creditRemoved: string;
  creditShortfall: string;
}

/** The amount as the reader's language writes it, checked against what is refundable; the reason, required. */
function refundForm(t: (key: string, options?: Record<string, unknown>) => string, locale: string, refundable: string) {
  const most = parseMoney(refundable);
  return z.object({
    amount: z.string().superRefine((text, context) => {
      const parsed = parseLocaleAmount(text, locale);
      if (!parsed.ok || parsed.value <= 0) context.addIssue({ code: "custom", message: t("admin_payments.dialog.amount_invalid") });
      else if (parsed.value > most) context.addIssue({ code: "custom", message: t("admin_payments.dialog.amount_too_large", { amount: isolateText(usd(refundable, locale)) }) });
    }),
    reason: z.string().trim().min(1, t("admin_payments.dialog.reason_required")).max(500, t("admin_payments.dialog.reason_too_long")),
  });
}
type RefundFields = z.infer<ReturnType<typeof refundForm>>;

/** Refund part or all of a payment: the amount starts at everything still refundable; the answer says what credit was taken, and any shortfall. */
export function RefundDialog({ payment, onClose }: { payment: AdminPayment | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const refund = useRefund();
  const close = () => {
    refund.reset();
    setOutcome(null);
    onClose();
  };
  return (
    <Dialog open={payment !== null} onOpenChange={(open) => (open ? undefined : close())}>
      {payment ? (
        <DialogContent title={t("admin_payments.dialog.title")} description={t("admin_payments.dialog.description", { email: ltrText(payment.customer.email) })}>
          {outcome ? <RefundOutcome outcome={outcome} onClose={close} /> : <RefundFormBody key={payment.id} payment={payment} refund={refund} onDone={setOutcome} onCancel={close} />}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function RefundFormBody({
  payment,
  refund,
  onDone,
  onCancel,
}: {
  payment: AdminPayment;
  refund: ReturnType<typeof useRefund>;
  onDone: (outcome: Outcome) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const schema = useMemo(() => refundForm(t, locale, payment.refundable), [t, locale, payment.refundable]);
  const form = useForm<RefundFields>({
    resolver: zodResolver(schema),
    // Everything still refundable, written with the language's decimal sign so the parser reads it back.
    defaultValues: { amount: moneyToFixed(parseMoney(payment.refundable), 2).replace(".", separatorsOf(locale).decimal), reason: "" },
  });
  const submit = form.handleSubmit((fields) => {
    const parsed = parseLocaleAmount(fields.amount, locale);
    if (!parsed.ok) return;
    refund.mutate(
      { paymentId: payment.id, amount: moneyToFixed(parsed.value, 2), reason: fields.reason.trim() },
      {
        onSuccess: (answer) => {
          notify.success(t("admin_payments.dialog.done_toast", { amount: isolateText(usd(answer.refund.amount, locale)) }));
          onDone({ status: answer.refund.status, amount: answer.refund.amount, creditRemoved: answer.creditRemoved, creditShortfall: answer.creditShortfall });
        },
      },
    );
  });

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      <dl className="grid grid-cols-2 gap-2 rounded-xl bg-slate-50 p-3 text-sm">
        <dt className="text-slate-600">{t("admin_payments.column.paid")}</dt>
        <dd className="text-end tabular-nums">{usd(payment.paid, locale)}</dd>
        <dt className="text-slate-600">{t("admin_payments.column.refunded")}</dt>
        <dd className="text-end tabular-nums">{usd(payment.refunded, locale)}</dd>
        <dt className="font-medium text-slate-800">{t("admin_payments.dialog.refundable")}</dt>
        <dd className="text-end font-medium tabular-nums">{usd(payment.refundable, locale)}</dd>
      </dl>
      <Field label={t("admin_payments.dialog.amount")} hint={t("admin_payments.dialog.amount_hint")} error={form.formState.errors.amount?.message}>
        <Input inputMode="decimal" autoComplete="off" {...form.register("amount")} />
      </Field>
      <Field label={t("admin_payments.dialog.reason")} error={form.formState.errors.reason?.message}>
        <textarea
          rows={3}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/40"
          {...form.register("reason")}
        />
      </Field>
      {refund.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {apiErrorMessage(t, refund.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t("admin_payments.dialog.cancel")}
        </Button>
        <Button type="submit" disabled={refund.isPending}>
          {refund.isPending ? t("admin_payments.dialog.submitting") : t("admin_payments.dialog.submit")}
        </Button>
      </div>
    </form>
  );
}

/** What happened: refunded (and the credit taken, or the shortfall when the customer had spent it), or waiting for the provider. */
function RefundOutcome({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const amount = isolateText(usd(outcome.amount, locale));
  const removed = isolateText(usd(outcome.creditRemoved, locale));
  const shortfall = isolateText(usd(outcome.creditShortfall, locale));
  return (
    <div className="space-y-4">
      <div role="status" className="space-y-2 rounded-xl bg-emerald-50 p-4 text-emerald-900">
        {outcome.status === "pending" ? (
          <p>{t("admin_payments.outcome.pending", { amount })}</p>
        ) : (
          <>
            <p className="font-medium">{t("admin_payments.outcome.refunded", { amount })}</p>
            <p>{parseMoney(outcome.creditShortfall) > 0 ? t("admin_payments.outcome.shortfall", { removed, shortfall }) : t("admin_payments.outcome.credit_removed", { removed })}</p>
          </>
        )}
      </div>
      <div className="flex justify-end">
        <Button onClick={onClose}>{t("admin_payments.outcome.close")}</Button>
      </div>
    </div>
  );
}
