import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck, LoaderCircle } from "lucide-react";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "../../lib/i18n/use-translation";
import { z } from "zod";
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH } from "../../../shared/support/support-limits";
import { plainText } from "../../../shared/text/plain-text";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { ltrText } from "../../components/ui/ltr";
import { Textarea } from "../../components/ui/textarea";
import { messageField } from "../../components/support-thread/message-schema";
import { ApiError } from "../../lib/api-client";
import { apiErrorMessage } from "../../lib/api-error-message";
import { useLocale } from "../../lib/use-locale";
import { useCreateTicket } from "./support-api";

/** The form's rules, the server's own; each message is a translation key. */
function ticketSchema() {
  return z.object({
    email: z.string().trim().min(1, "support.form.email_required").pipe(z.email("support.form.email_invalid")),
    subject: z.string().superRefine((text, context) => {
      const plain = plainText(text);
      if (plain === "") context.addIssue({ code: "custom", message: "errors.support_subject_empty" });
      else if (plain.length > SUPPORT_SUBJECT_MAX_LENGTH) context.addIssue({ code: "custom", message: "errors.support_subject_too_long" });
    }),
    message: messageField,
  });
}
type Ticket = z.infer<ReturnType<typeof ticketSchema>>;
const FIELDS = ["email", "subject", "message"] as const;
const LIMITS = { support_subject_too_long: { max: SUPPORT_SUBJECT_MAX_LENGTH }, support_message_too_long: { max: SUPPORT_MESSAGE_MAX_LENGTH } };

/**
 * The visitor's contact form: email, subject, message. Sent, it shows the reference the
 * confirmation email carries; refused, the server's reason in the reader's language (the
 * field it concerns, or above the button: too many messages from this address or email).
 */
export function TicketForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const schema = useMemo(() => ticketSchema(), []);
  const form = useForm<Ticket>({ resolver: zodResolver(schema), mode: "onTouched", defaultValues: { email: "", subject: "", message: "" } });
  const create = useCreateTicket();
  const [sent, setSent] = useState<{ reference: string; email: string } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const said = (field: (typeof FIELDS)[number]) => {
    const error = errors[field];
    if (!error?.message) return undefined;
    return error.type === "server" ? error.message : t(error.message, LIMITS[error.message.replace("errors.", "") as keyof typeof LIMITS] ?? {});
  };

  const submit = form.handleSubmit(async (ticket) => {
    setRefusal(null);
    try {
      const { reference } = await create.mutateAsync({ ...ticket, lang: locale });
      setSent({ reference, email: ticket.email.trim() });
      form.reset();
    } catch (error) {
      const message = apiErrorMessage(t, error, { values: LIMITS });
      const field = error instanceof ApiError ? fieldOf(error) : null;
      if (field) form.setError(field, { type: "server", message }, { shouldFocus: true });
      else setRefusal(message);
    }
  });

  if (sent) {
    return (
      <div role="status" className="space-y-3 rounded-2xl bg-emerald-50 p-6 ring-1 ring-emerald-200">
        <p className="flex items-center gap-2 text-lg font-semibold text-emerald-900">
          <CircleCheck aria-hidden="true" className="size-5" />
          {t("support.form.sent_title")}
        </p>
        <p className="text-emerald-900">{t("support.form.sent_body", { reference: ltrText(sent.reference), email: ltrText(sent.email) })}</p>
        <p className="font-mono text-lg font-semibold text-emerald-900" dir="ltr" data-testid="ticket-reference">
          {sent.reference}
        </p>
        <Button variant="secondary" onClick={() => setSent(null)}>
          {t("support.form.write_another")}
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4" aria-labelledby="support-form-heading">
      <Field label={t("support.form.email")} error={said("email")}>
        <Input {...form.register("email")} type="email" autoComplete="email" inputMode="email" dir="ltr" className="rtl:text-end" />
      </Field>
      <Field label={t("support.form.subject")} error={said("subject")}>
        <Input {...form.register("subject")} dir="auto" />
      </Field>
      <Field label={t("support.form.message")} hint={t("support.form.message_hint", { max: SUPPORT_MESSAGE_MAX_LENGTH })} error={said("message")}>
        <Textarea {...form.register("message")} rows={6} dir="auto" />
      </Field>
      {refusal ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
        {t("support.form.send")}
      </Button>
    </form>
  );
}

/** The field a refusal is about, by its code or the schema's failing path. */
function fieldOf(error: ApiError): (typeof FIELDS)[number] | null {
  if (error.code.startsWith("support_subject")) return "subject";
  if (error.code.startsWith("support_message")) return "message";
  const path = error.details?.[0]?.path;
  return FIELDS.find((field) => path === field || path?.startsWith(`${field}.`)) ?? null;
}
