import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle } from "lucide-react";
import { useMemo, type ChangeEvent } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { cardSchema, cvcDigits, formatExpiry, groupCardNumber, type CardDetails, type CardInput } from "./card-details";

/** Card fields read left to right in every language, aligned to the reading side. */
const CARD_INPUT = "tabular-nums rtl:text-end";

/**
 * A field's change kept to its format. The text on screen is set as well, before any render:
 * when the format gives back the value the form already holds (a fifth digit typed into
 * "12/34"), nothing renders again, and the extra characters must not flash in the field.
 */
function keptTo(format: (text: string) => string, onChange: (value: string) => void) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    const value = format(event.target.value);
    if (event.target.value !== value) event.target.value = value;
    onChange(value);
  };
}

/**
 * The card form: number (grouped in fours as typed), expiry MM/YY and security code,
 * checked as a card form checks them before the details are sent. The fields have no
 * length limit of their own: the browser would cut a pasted "12 / 34" to "12 / " before
 * it is read. Each field keeps only what its format allows (card-details.ts) instead.
 */
export function CardForm({ payLabel, busy, onPay, onCancel }: { payLabel: string; busy: boolean; onPay: (card: CardDetails) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const schema = useMemo(() => cardSchema(), []);
  const form = useForm<CardInput, unknown, CardDetails>({
    resolver: zodResolver(schema),
    mode: "onTouched",
    defaultValues: { cardNumber: "", expiry: "", cvc: "" },
  });
  const { errors } = form.formState;
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onPay)(event)} className="space-y-4">
      <Controller
        control={form.control}
        name="cardNumber"
        render={({ field }) => (
          <Field label={t("buy.card_number")} error={message(errors.cardNumber?.message)}>
            <Input
              {...field}
              onChange={keptTo(groupCardNumber, field.onChange)}
              inputMode="numeric"
              autoComplete="cc-number"
              dir="ltr"
              placeholder="1234 1234 1234 1234"
              className={CARD_INPUT}
            />
          </Field>
        )}
      />
      <div className="grid grid-cols-2 gap-4">
        <Controller
          control={form.control}
          name="expiry"
          render={({ field }) => (
            <Field label={t("buy.expiry")} error={message(errors.expiry?.message)}>
              <Input
                {...field}
                onChange={keptTo(formatExpiry, field.onChange)}
                inputMode="numeric"
                autoComplete="cc-exp"
                dir="ltr"
                placeholder={t("buy.expiry_placeholder")}
                className={CARD_INPUT}
              />
            </Field>
          )}
        />
        <Controller
          control={form.control}
          name="cvc"
          render={({ field }) => (
            <Field label={t("buy.cvc")} error={message(errors.cvc?.message)}>
              <Input
                {...field}
                onChange={keptTo(cvcDigits, field.onChange)}
                inputMode="numeric"
                autoComplete="cc-csc"
                dir="ltr"
                placeholder="123"
                className={CARD_INPUT}
              />
            </Field>
          )}
        />
      </div>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t("buy.cancel_payment")}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
          {payLabel}
        </Button>
      </div>
    </form>
  );
}
