import { CONTACT_IMPORT_MAX_BYTES, CONTACT_IMPORT_MAX_ROWS, CONTACTS_MAX } from "../../../shared/contacts/contact-limits";
import type { ApiErrorWording } from "../../lib/api-error-message";

/** The file limit in the reader's units ("5 MB"). */
export function fileLimitText(locale: string): string {
  return new Intl.NumberFormat(locale, { style: "unit", unit: "megabyte", unitDisplay: "short" }).format(CONTACT_IMPORT_MAX_BYTES / (1024 * 1024));
}

/** The figures the contacts' refusals name, from the limits the server enforces. */
export function contactErrorWording(locale: string): ApiErrorWording {
  const number = new Intl.NumberFormat(locale);
  return {
    values: {
      contacts_limit_reached: { max: number.format(CONTACTS_MAX) },
      contacts_file_too_large: { size: fileLimitText(locale) },
      contacts_file_too_many_rows: { max: number.format(CONTACT_IMPORT_MAX_ROWS) },
    },
  };
}
