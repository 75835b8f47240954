import type { TFunction } from "../../lib/i18n/translator";
import { z } from "zod";
import { DISPLAY_NAME_MAX_LENGTH, plainDisplayName } from "../../../shared/accounts/display-name";
import type { Contact, ContactInput } from "../../../shared/api/contacts";
import { formatPhoneNumber } from "../../lib/phone-format";

export interface ContactFormValues {
  name: string;
  country: string;
  number: string;
}

/** The spec's default country, for a new contact. */
const DEFAULT_COUNTRY = "US";

export function contactFormValues(contact: Contact | null): ContactFormValues {
  if (!contact) return { name: "", country: DEFAULT_COUNTRY, number: "" };
  return { name: contact.name, country: contact.countryCode, number: formatPhoneNumber(contact.phone) };
}

/**
 * The dialog's rules, the server's own (a name made plain, required, at most the display
 * name's length; a number to read), with messages in the reader's language. Whether the
 * number can be called is the server's to say: the gate's rules are not in the browser.
 */
export function contactFormSchema(t: TFunction) {
  return z.object({
    name: z
      .string()
      .transform(plainDisplayName)
      .pipe(
        z
          .string()
          .min(1, t("contacts.form.name_required"))
          .max(DISPLAY_NAME_MAX_LENGTH, t("errors.NAME_TOO_LONG", { max: DISPLAY_NAME_MAX_LENGTH })),
      ),
    country: z.string().regex(/^[A-Z]{2}$/),
    number: z.string().trim().min(1, t("contacts.form.number_required")).max(64, t("contacts.form.number_invalid")),
  }) satisfies z.ZodType<ContactInput, ContactFormValues>;
}
