import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { Contact, ContactInput } from "../../../shared/api/contacts";
import { RATE_REFUSAL_CODES } from "../../../shared/api/refusals";
import { CountryPicker } from "../../components/country-picker/country-picker";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { isolateText } from "../../components/ui/ltr";
import { ApiError } from "../../lib/api-client";
import { apiErrorMessage } from "../../lib/api-error-message";
import { notify } from "../../lib/notify";
import { contactErrorWording } from "./contact-errors";
import { contactFormSchema, contactFormValues, type ContactFormValues } from "./contact-form";
import { useCreateContact, useUpdateContact } from "./contacts-api";

/** Which contact the dialog edits: a new one, an existing one, or none (closed). */
export type ContactDialogTarget = { mode: "create" } | { mode: "edit"; contact: Contact } | null;

/** Errors that belong to the number field: the gate's refusals and "already saved". */
const NUMBER_ERRORS = new Set<string>([...RATE_REFUSAL_CODES, "contact_exists"]);

/** Add or edit a contact: a name, the country a national number is read in, and the number. */
export function ContactDialog({ target, onClose }: { target: ContactDialogTarget; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {target ? (
        <DialogContent title={target.mode === "create" ? t("contacts.form.add_title") : t("contacts.form.edit_title")} description={t("contacts.form.description")}>
          <ContactForm key={target.mode === "edit" ? target.contact.id : "new"} target={target} onDone={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function ContactForm({ target, onDone }: { target: NonNullable<ContactDialogTarget>; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const schema = useMemo(() => contactFormSchema(t), [t]);
  const form = useForm<ContactFormValues, unknown, ContactInput>({
    resolver: zodResolver(schema),
    defaultValues: contactFormValues(target.mode === "edit" ? target.contact : null),
  });
  const create = useCreateContact();
  const update = useUpdateContact();
  const saving = create.isPending || update.isPending;
  const { errors } = form.formState;

  const failed = (error: unknown) => {
    const field = error instanceof ApiError && NUMBER_ERRORS.has(error.code) ? "number" : "root";
    form.setError(field, { message: apiErrorMessage(t, error, contactErrorWording(i18n.language)) });
  };
  const saved = ({ contact }: { contact: Contact }) => {
    notify.success(t(target.mode === "create" ? "contacts.form.added" : "contacts.form.saved", { name: isolateText(contact.name) }));
    onDone();
  };
  const submit = form.handleSubmit((body) => {
    if (target.mode === "create") create.mutate(body, { onSuccess: saved, onError: failed });
    else update.mutate({ id: target.contact.id, body }, { onSuccess: saved, onError: failed });
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <Field label={t("contacts.form.name")} error={errors.name?.message}>
        <Input autoComplete="off" {...form.register("name")} />
      </Field>
      <div className="space-y-1.5">
        <label id="contact-country-label" className="block text-sm font-medium text-slate-800">
          {t("contacts.form.country")}
        </label>
        <Controller
          control={form.control}
          name="country"
          render={({ field }) => <CountryPicker value={field.value} onChange={field.onChange} aria-labelledby="contact-country-label" showPopular={false} />}
        />
      </div>
      <Field label={t("contacts.form.number")} hint={t("contacts.form.number_hint")} error={errors.number?.message}>
        <Input type="tel" inputMode="tel" autoComplete="off" dir="ltr" className="text-start" {...form.register("number")} />
      </Field>
      {errors.root?.message ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {errors.root.message}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={saving}>
          {t("contacts.cancel")}
        </Button>
        <Button type="submit" disabled={saving}>
          {target.mode === "create" ? t("contacts.form.add_submit") : t("contacts.form.save_submit")}
        </Button>
      </div>
    </form>
  );
}
