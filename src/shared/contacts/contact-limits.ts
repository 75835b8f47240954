import { RATE_REFUSAL_CODES } from "../api/refusals";

/**
 * The contacts' limits and codes, apart from the endpoints' schemas so the web's
 * pages and dialogs read them without loading zod (decision 020).
 */

/** The most contacts one customer keeps: a large phone's address book, with room. */
export const CONTACTS_MAX = 5000;

/**
 * The largest file an import reads, in bytes of UTF-8. A phone's export of a thousand
 * contacts is a few hundred kilobytes; photos kept inside cards make it larger.
 */
export const CONTACT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** More numbers than this in one file are not read: twice the most a customer may keep. */
export const CONTACT_IMPORT_MAX_ROWS = 2 * CONTACTS_MAX;

export const CONTACT_IMPORT_FORMATS = ["csv", "vcard"] as const;
export type ContactImportFormat = (typeof CONTACT_IMPORT_FORMATS)[number];

/** Why an entry of an imported file is not added: the gate's refusals, then what a file can lack. */
export const CONTACT_IMPORT_REFUSALS = [...RATE_REFUSAL_CODES, "missing_name", "name_too_long", "missing_number", "unreadable"] as const;
export type ContactImportRefusal = (typeof CONTACT_IMPORT_REFUSALS)[number];
