import { zodResolver } from "@hookform/resolvers/zod";
import type { TFunction } from "../../lib/i18n/translator";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "../../lib/i18n/use-translation";
import { z } from "zod";
import type { AdminTranslationRow } from "../../../shared/api/admin-translations";
import { TRANSLATION_VALUE_MAX } from "../../../shared/api/admin-translations";
import { LOCALE_NAMES, directionOf, type Locale } from "../../../shared/i18n/locales";
import { compareMarkup, markupKept, markupTokens } from "../../../shared/i18n/translation-markup";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Textarea } from "../../components/ui/textarea";
import { ApiError } from "../../lib/api-client";
import { apiErrorMessage } from "../../lib/api-error-message";
import { notify } from "../../lib/notify";
import { useSaveTranslation } from "./translations-api";
import { differenceOfRefusal, markupMessage, tokenList } from "./markup-message";

/** The server's own rules, said in the admin's language: not empty, not too long, the English markup kept. */
function valueForm(t: TFunction, english: string) {
  return z.object({
    value: z
      .string()
      .max(TRANSLATION_VALUE_MAX)
      .superRefine((text, context) => {
        if (text.trim() === "") {
          context.addIssue({ code: "custom", message: t("admin_translations.value_required") });
          return;
        }
        const difference = compareMarkup(english, text);
        if (!markupKept(difference)) context.addIssue({ code: "custom", message: markupMessage(t, difference) });
      }),
  });
}
type ValueFields = z.infer<ReturnType<typeof valueForm>>;

/**
 * Edits one key's value in place, under its row (or in its card on a phone): the English source
 * and the markup to keep above the box, checked as the admin types and again by the server.
 */
export function ValueEditor({ language, row, onDone }: { language: Locale; row: AdminTranslationRow; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveTranslation();
  const schema = useMemo(() => valueForm(t, row.english), [t, row.english]);
  const form = useForm<ValueFields>({ resolver: zodResolver(schema), mode: "onChange", defaultValues: { value: row.value ?? "" } });
  const tokens = [...new Set(markupTokens(row.english))];
  const refusal = save.error instanceof ApiError && save.error.code === "translation_markup_mismatch" ? differenceOfRefusal(save.error.details) : null;
  const submit = form.handleSubmit((fields) =>
    save.mutate(
      { language, key: row.key, value: fields.value },
      {
        onSuccess: () => {
          notify.success(t("admin_translations.saved"));
          onDone();
        },
      },
    ),
  );
  return (
    <form aria-label={`${t("admin_translations.edit_title")} ${row.key}`} onSubmit={(event) => void submit(event)} className="space-y-4 py-2" noValidate>
      <div className="space-y-1">
        <p className="text-sm font-medium text-slate-800">{t("admin_translations.english_label")}</p>
        <p lang="en" dir="ltr" className="rounded-lg bg-slate-50 p-3 text-start text-sm whitespace-pre-wrap text-slate-800">
          {row.english}
        </p>
        {tokens.length > 0 ? <p className="text-xs text-slate-600">{t("admin_translations.keep_markup", { tokens: tokenList(tokens) })}</p> : null}
      </div>
      <Field label={t("admin_translations.value_label", { language: LOCALE_NAMES[language].name })} error={form.formState.errors.value?.message}>
        <Textarea rows={3} lang={language} dir={directionOf(language)} autoFocus {...form.register("value")} />
      </Field>
      {save.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {apiErrorMessage(t, save.error)} {refusal ? markupMessage(t, refusal) : null}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t("admin_translations.cancel")}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {t("admin_translations.save")}
        </Button>
      </div>
    </form>
  );
}
