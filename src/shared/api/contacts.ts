import { z } from "zod";
import { LOCALES } from "../i18n/locales";
import { displayNameField } from "../accounts/display-name-field";
import { CONTACT_IMPORT_FORMATS, CONTACT_IMPORT_REFUSALS } from "../contacts/contact-limits";
import { defineEndpoint } from "./endpoint";
import { rate4 } from "./rates";
import { RATE_REFUSAL_CODES } from "./refusals";

/**
 * The customer's contacts (/{lang}/contacts and the call section's picker): list and
 * search, add, edit, delete, import from CSV or vCard with a preview, export as CSV.
 * A number is read with libphonenumber-js and checked by the gate's own quote
 * (quoteNumber), so a contact is a number the customer could call when it was saved,
 * and the price shown beside it is the price the gate would charge now.
 */
const timestamp = z.iso.datetime({ offset: true });
const countryCode = z.string().regex(/^[A-Z]{2}$/);

export const contactSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** E.164. */
  phone: z.string(),
  countryCode: z.string(),
  /** The customer's price per minute for this number now (the gate's quote), or null when it cannot be called now. */
  rate: rate4.nullable(),
  /** Why the number cannot be called now (the rates changed since it was saved), else null. */
  refusal: z.enum(RATE_REFUSAL_CODES).nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Contact = z.infer<typeof contactSchema>;

/** A contact's name: made plain, required, and no longer than an account's display name. */
export const contactNameField = displayNameField.pipe(z.string().min(1, "A contact needs a name."));

/**
 * What a person types for a contact: a name, and a number either in international form
 * ("+46 70 123 45 67", "0046…") or national with the country it belongs to.
 */
export const contactInputSchema = z.object({
  name: contactNameField,
  number: z.string().trim().min(1).max(64),
  /** The country a national number is read in (ISO 3166-1 alpha-2); ignored for a number with its "+". */
  country: countryCode.optional(),
});
export type ContactInput = z.input<typeof contactInputSchema>;

const contactParams = z.object({ contactId: z.uuid() });

export const contactList = defineEndpoint({
  method: "GET",
  path: "/api/contacts",
  access: "user",
  summary: "The signed-in customer's contacts ordered by name, each with its price per minute; q searches names and numbers",
  /** `lang`: the language whose alphabet orders the names (English when absent). */
  query: z.object({ q: z.string().trim().max(100).optional(), lang: z.enum(LOCALES).optional() }),
  response: z.object({
    contacts: z.array(contactSchema),
    /** Every contact the customer has, whatever the search. */
    total: z.number().int().nonnegative(),
    /** The most contacts one customer may keep. */
    max: z.number().int().positive(),
  }),
});

export const contactCreate = defineEndpoint({
  method: "POST",
  path: "/api/contacts",
  access: "user",
  summary: "Saves a contact; 422 with the gate's code when the number cannot be called, 409 when it is already saved",
  body: contactInputSchema,
  status: 201,
  response: z.object({ contact: contactSchema }),
});

export const contactUpdate = defineEndpoint({
  method: "PUT",
  path: "/api/contacts/:contactId",
  access: "user",
  summary: "Changes one of the customer's contacts",
  params: contactParams,
  body: contactInputSchema,
  response: z.object({ contact: contactSchema }),
});

export const contactDelete = defineEndpoint({
  method: "DELETE",
  path: "/api/contacts/:contactId",
  access: "user",
  summary: "Deletes one of the customer's contacts",
  params: contactParams,
  response: z.object({ deleted: z.literal(true) }),
});

const importBody = z.object({
  format: z.enum(CONTACT_IMPORT_FORMATS),
  /** The file's text (the browser reads it as UTF-8). */
  text: z.string().min(1),
  /** The country numbers written without their country code are read in. */
  country: countryCode.optional(),
});

/** Where in the file an entry came from: a CSV line, or the n-th card of a vCard file. */
const importSource = z.object({ kind: z.enum(["line", "card"]), number: z.number().int().positive() });

export const contactImportReportSchema = z.object({
  /** Numbers found in the file. */
  read: z.number().int().nonnegative(),
  /** What confirming would add, ordered by name. */
  toAdd: z.array(z.object({ name: z.string(), phone: z.string(), countryCode: z.string(), rate: rate4 })),
  /** Numbers that were already saved, or appeared earlier in the file: merged into that contact, nothing added. */
  merged: z.array(z.object({ source: importSource, name: z.string(), phone: z.string(), into: z.string(), existing: z.boolean() })),
  /** Entries that cannot be added, and why. `number` is what the file held, made plain. */
  refused: z.array(z.object({ source: importSource, name: z.string(), number: z.string(), reason: z.enum(CONTACT_IMPORT_REFUSALS) })),
  /** Contacts the customer has now, and the most they may have. */
  existing: z.number().int().nonnegative(),
  max: z.number().int().positive(),
  /** False when nothing would be added, or adding it would pass the limit. */
  canCommit: z.boolean(),
});
export type ContactImportReport = z.infer<typeof contactImportReportSchema>;

export const contactImportPreview = defineEndpoint({
  method: "POST",
  path: "/api/contacts/import/preview",
  access: "user",
  summary: "Reads a CSV or vCard file and reports what importing it would add, merge and refuse; nothing is saved",
  body: importBody,
  response: contactImportReportSchema,
});

export const contactImport = defineEndpoint({
  method: "POST",
  path: "/api/contacts/import",
  access: "user",
  summary: "Adds the file's new callable contacts (the preview's toAdd) in one transaction",
  body: importBody,
  response: contactImportReportSchema.extend({ added: z.number().int().nonnegative() }),
});

export const contactsCsvPath = "/api/contacts/export.csv";

export const contactExport = defineEndpoint({
  method: "GET",
  path: contactsCsvPath,
  access: "user",
  summary: "The customer's contacts as a CSV file (name, phone, country_code)",
  response: z.string(),
});
