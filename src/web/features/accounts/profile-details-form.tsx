import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "../../lib/i18n/use-translation";
import { useLocation, useNavigate } from "react-router";
import { z } from "zod";
import { DISPLAY_NAME_MAX_LENGTH } from "../../../shared/accounts/display-name";
import { displayNameField } from "../../../shared/accounts/display-name-field";
import type { Profile } from "../../../shared/api/profile";
import { LOCALE_NAMES, LOCALES, type Locale } from "../../../shared/i18n/locales";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { apiErrorMessage } from "../../lib/api-error-message";
import { saveLocale } from "../../lib/locale-preference";
import { notify } from "../../lib/notify";
import { inLanguage, useLocale } from "../../lib/use-locale";
import { useUpdateProfile } from "./profile-api";
import { FormError } from "./form-error";

/** The form's own checks, with the server's one name rule; messages are translation keys. */
const detailsSchema = z.object({
  name: z
    .string()
    .pipe(displayNameField)
    .refine((name) => name.length > 0, "profile.name_required"),
  locale: z.enum(LOCALES),
});
type DetailsValues = z.infer<typeof detailsSchema>;

/**
 * Name and preferred language. The language is saved on the account: emails are written in
 * it and every device switches to it at sign-in; this page switches to it at once.
 */
export function ProfileDetailsForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const current = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const update = useUpdateProfile();
  const form = useForm<z.input<typeof detailsSchema>, unknown, DetailsValues>({
    resolver: zodResolver(detailsSchema),
    defaultValues: { name: profile.name, locale: profile.locale ?? current },
  });
  const { errors } = form.formState;
  const nameError = errors.name?.message;

  const submit = form.handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: (saved) => {
        notify.success(t("profile.details_saved"));
        form.reset({ name: saved.name, locale: saved.locale ?? values.locale });
        const chosen: Locale = values.locale;
        if (chosen !== current) {
          saveLocale(chosen);
          void navigate(`${inLanguage(location.pathname, chosen)}${location.search}`, { replace: true });
        }
      },
      onError: (error) => form.setError("root", { message: apiErrorMessage(t, error) }),
    });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <Field
        label={t("profile.name")}
        hint={t("profile.name_hint", { max: DISPLAY_NAME_MAX_LENGTH })}
        error={nameError ? t(nameError === "profile.name_required" ? nameError : "errors.NAME_TOO_LONG", { max: DISPLAY_NAME_MAX_LENGTH }) : undefined}
      >
        <Input autoComplete="name" {...form.register("name")} />
      </Field>
      <Field label={t("profile.language")} hint={t("profile.language_hint")}>
        <select className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base" {...form.register("locale")}>
          {LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LOCALE_NAMES[code].name}
            </option>
          ))}
        </select>
      </Field>
      <FormError message={errors.root?.message} />
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? t("profile.saving") : t("profile.save")}
      </Button>
    </form>
  );
}
