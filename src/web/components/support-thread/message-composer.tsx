import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle, Send } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "../../lib/i18n/use-translation";
import { z } from "zod";
import { SUPPORT_MESSAGE_MAX_LENGTH } from "../../../shared/support/support-limits";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Textarea } from "../ui/textarea";
import { MESSAGE_LIMIT_VALUES, messageField } from "./message-schema";

const schema = z.object({ body: messageField });
type Composed = z.infer<typeof schema>;

/**
 * Where a message is written: checked as the server checks it, a count of what is left near
 * the limit, Ctrl+Enter (or ⌘+Enter) to send. `onSend` resolves once the server took the
 * message (the box then empties) or rejects with an Error whose message, already translated,
 * shows under the box.
 */
export function MessageComposer({ label, sendLabel, onSend, disabled }: { label: string; sendLabel: string; onSend: (body: string) => Promise<void>; disabled?: boolean }) {
  const { t } = useTranslation();
  const form = useForm<Composed>({ resolver: zodResolver(schema), defaultValues: { body: "" }, mode: "onSubmit" });
  const { errors, isSubmitting } = form.formState;
  const length = form.watch("body").length;
  const submit = form.handleSubmit(async ({ body }) => {
    try {
      await onSend(body);
      form.reset({ body: "" });
    } catch (error) {
      // Already in the reader's words (the caller translated the refusal).
      form.setError("body", { type: "server", message: error instanceof Error ? error.message : String(error) });
    }
  });
  const error = errors.body?.type === "server" ? errors.body.message : errors.body?.message ? t(errors.body.message, MESSAGE_LIMIT_VALUES) : undefined;
  const near = length > SUPPORT_MESSAGE_MAX_LENGTH * 0.9;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
      <Field
        label={label}
        error={error}
        hint={near ? t("support.thread.characters_left", { count: SUPPORT_MESSAGE_MAX_LENGTH - length }) : undefined}
      >
        <Textarea
          {...form.register("body")}
          rows={4}
          dir="auto"
          disabled={disabled}
          onKeyDown={(event) => {
            if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void submit();
            }
          }}
        />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={disabled || isSubmitting}>
          {isSubmitting ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />}
          {sendLabel}
        </Button>
      </div>
    </form>
  );
}
