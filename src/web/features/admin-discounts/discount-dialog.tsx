import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "../../lib/i18n/use-translation";
import { notify } from "../../lib/notify";
import { DISCOUNT_PERCENT_RANGE, type AdminDiscount, type DiscountFields } from "../../../shared/api/admin-discounts";
import { DISCOUNT_KINDS } from "../../../shared/api/discounts";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { ltrText } from "../../components/ui/ltr";
import { ApiError } from "../../lib/api-client";
import { useLocale } from "../../lib/use-locale";
import { apiErrorMessage } from "../../lib/api-error-message";
import { discountFormSchema, EMPTY_DISCOUNT_FORM, formValuesOf, type DiscountFormValues } from "./discount-form";
import { useCreateDiscount, useUpdateDiscount } from "./discounts-api";

/** Which code the dialog edits: a new one, an existing one, or none (closed). */
export type DiscountDialogTarget = { mode: "create" } | { mode: "edit"; discount: AdminDiscount } | null;

/** The create and edit form. Checked in the browser with the server's rules; the server checks again. */
export function DiscountDialog({ target, onClose }: { target: DiscountDialogTarget; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {target ? (
        <DialogContent
          title={target.mode === "create" ? t("discounts.create_title") : t("discounts.edit_title", { code: ltrText(target.discount.code) })}
          description={t("discounts.form_description")}
          className="max-w-lg"
        >
          <DiscountForm key={target.mode === "edit" ? target.discount.id : "new"} target={target} onDone={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function DiscountForm({ target, onDone }: { target: NonNullable<DiscountDialogTarget>; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const schema = useMemo(() => discountFormSchema(t, locale), [t, locale]);
  const form = useForm<DiscountFormValues, unknown, DiscountFields>({
    resolver: zodResolver(schema),
    defaultValues: target.mode === "edit" ? formValuesOf(target.discount, locale) : EMPTY_DISCOUNT_FORM,
  });
  const create = useCreateDiscount();
  const update = useUpdateDiscount();
  const saving = create.isPending || update.isPending;
  const { errors } = form.formState;
  const range = DISCOUNT_PERCENT_RANGE[form.watch("kind")];

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.code === "discount_code_taken") {
      form.setError("code", { message: apiErrorMessage(t, error) });
      return;
    }
    form.setError("root", { message: apiErrorMessage(t, error) });
  };

  const submit = form.handleSubmit((fields) => {
    if (target.mode === "create") {
      create.mutate(fields, {
        onSuccess: ({ discount }) => {
          notify.success(t("discounts.created", { code: ltrText(discount.code) }));
          onDone();
        },
        onError: failed,
      });
    } else {
      update.mutate(
        { id: target.discount.id, change: fields },
        {
          onSuccess: ({ discount }) => {
            notify.success(t("discounts.saved", { code: ltrText(discount.code) }));
            onDone();
          },
          onError: failed,
        },
      );
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field label={t("discounts.field.code")} hint={t("discounts.field.code_hint")} error={errors.code?.message}>
          <Input autoComplete="off" spellCheck={false} dir="ltr" className="font-mono uppercase" {...form.register("code")} />
        </Field>
      </div>
      <fieldset className="sm:col-span-2">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">{t("discounts.field.kind")}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {DISCOUNT_KINDS.map((kind) => (
            <label key={kind} className="flex cursor-pointer items-start gap-2 rounded-lg p-3 ring-1 ring-slate-300 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-600">
              <input type="radio" value={kind} className="mt-1" {...form.register("kind")} />
              <span>
                <span className="block font-medium text-slate-900">{t(`discounts.kind.${kind}`)}</span>
                <span className="block text-sm text-slate-600">{t(`discounts.kind_hint.${kind}`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Field label={t("discounts.field.percent")} hint={t("discounts.field.percent_hint", { min: range.min, max: range.max })} error={errors.percent?.message}>
        <Input inputMode="numeric" autoComplete="off" {...form.register("percent")} />
      </Field>
      <Field label={t("discounts.field.min_purchase")} hint={t("discounts.field.min_purchase_hint")} error={errors.minPurchase?.message}>
        <Input inputMode="decimal" autoComplete="off" {...form.register("minPurchase")} />
      </Field>
      <Field label={t("discounts.field.max_redemptions")} hint={t("discounts.field.limit_hint")} error={errors.maxRedemptions?.message}>
        <Input inputMode="numeric" autoComplete="off" {...form.register("maxRedemptions")} />
      </Field>
      <Field label={t("discounts.field.max_per_customer")} hint={t("discounts.field.limit_hint")} error={errors.maxPerCustomer?.message}>
        <Input inputMode="numeric" autoComplete="off" {...form.register("maxPerCustomer")} />
      </Field>
      <Field label={t("discounts.field.starts_at")} hint={t("discounts.field.starts_at_hint")} error={errors.startsAt?.message}>
        <Input type="datetime-local" {...form.register("startsAt")} />
      </Field>
      <Field label={t("discounts.field.ends_at")} hint={t("discounts.field.ends_at_hint")} error={errors.endsAt?.message}>
        <Input type="datetime-local" {...form.register("endsAt")} />
      </Field>
      {errors.root?.message ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {errors.root.message}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={onDone} disabled={saving}>
          {t("discounts.cancel")}
        </Button>
        <Button type="submit" disabled={saving}>
          {target.mode === "create" ? t("discounts.create_submit") : t("discounts.save")}
        </Button>
      </div>
    </form>
  );
}
