import { and, count, eq, ne } from "drizzle-orm";
import type { Contact, ContactImportReport } from "../../../shared/api/contacts";
import { contactSearch } from "../../../shared/contacts/contact-search";
import { CONTACT_IMPORT_MAX_BYTES, CONTACT_IMPORT_MAX_ROWS, CONTACTS_MAX, type ContactImportFormat } from "../../../shared/contacts/contact-limits";
import { collatorFor } from "../../../shared/countries/countries";
import { writeCsv } from "../../../shared/csv/write-csv";
import { moneyToDecimal } from "../../../shared/money";
import type { Database, Executor } from "../../db/client";
import { user } from "../../db/schema/auth";
import { contacts } from "../../db/schema/contacts";
import { isUniqueViolation } from "../../db/unique-violation";
import { AppError, notFound } from "../../http/app-error";
import type { RatesCatalog } from "../rates/catalog";
import { REFUSAL_MESSAGES } from "../rates/quote";
import { readContactNumber } from "./contact-number";
import { readCsvRows } from "./csv-file";
import { planImport, type ImportPlan } from "./import-plan";
import type { ImportRow } from "./import-rows";
import { readVcardRows } from "./vcard-file";

export interface ContactsDeps {
  db: Database;
  /** The gate's pricing (quoteNumber): every number saved, and every price shown, comes from it. */
  rates: Pick<RatesCatalog, "quote">;
}

type ContactRow = typeof contacts.$inferSelect;

/** A saved contact with its price now, from the quote the gate would bill the call at. */
function present(rates: ContactsDeps["rates"], row: ContactRow): Contact {
  const quote = rates.quote(row.phone);
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    countryCode: row.countryCode,
    rate: quote.ok ? moneyToDecimal(quote.rate) : null,
    refusal: quote.ok ? null : quote.reason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const contactNotFound = () => notFound("No such contact.");
const contactExists = () => new AppError(409, "contact_exists", "This number is already in your contacts.");
const limitReached = () => new AppError(422, "contacts_limit_reached", `You can keep at most ${CONTACTS_MAX} contacts.`);
const UNIQUE_INDEX = "contacts_user_phone_idx";

/**
 * The customer's contacts ordered by name in their language (then number), searched by name
 * or number. Ordered and searched here rather than in SQL: the engines' collations differ,
 * and a customer has a few thousand contacts at most.
 */
export async function listContacts(deps: ContactsDeps, userId: string, query: { q?: string | undefined; lang?: string | undefined }) {
  const rows = await deps.db.select().from(contacts).where(eq(contacts.userId, userId));
  const collator = collatorFor(query.lang ?? "en");
  const matches = contactSearch(query.q ?? "");
  const found = rows.filter(matches).sort((a, b) => collator.compare(a.name, b.name) || a.phone.localeCompare(b.phone));
  return { contacts: found.map((row) => present(deps.rates, row)), total: rows.length, max: CONTACTS_MAX };
}

interface ContactFields {
  name: string;
  number: string;
  country?: string | undefined;
}

/** The number as the gate reads it, or the gate's refusal as a 422 with its code. */
function callableNumber(deps: ContactsDeps, fields: ContactFields) {
  const quote = readContactNumber(deps.rates, fields.number, fields.country);
  if (!quote.ok) throw new AppError(422, quote.reason, REFUSAL_MESSAGES[quote.reason]);
  return quote;
}

/**
 * Holds the customer's account row for the rest of the transaction, so two requests adding
 * contacts at once count one after the other and never pass the limit together.
 */
async function lockOwner(tx: Executor, userId: string): Promise<number> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
  const [row] = await tx.select({ count: count() }).from(contacts).where(eq(contacts.userId, userId));
  return Number(row?.count ?? 0);
}

export async function createContact(deps: ContactsDeps, userId: string, fields: ContactFields): Promise<Contact> {
  const number = callableNumber(deps, fields);
  const row = await deps.db.transaction(async (tx) => {
    if ((await lockOwner(tx, userId)) >= CONTACTS_MAX) throw limitReached();
    const [inserted] = await tx
      .insert(contacts)
      .values({ userId, name: fields.name, phone: number.e164, countryCode: number.countryCode })
      .onConflictDoNothing()
      .returning();
    if (!inserted) throw contactExists();
    return inserted;
  });
  return present(deps.rates, row);
}

export async function updateContact(deps: ContactsDeps, userId: string, contactId: string, fields: ContactFields): Promise<Contact> {
  const number = callableNumber(deps, fields);
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.userId, userId), eq(contacts.phone, number.e164), ne(contacts.id, contactId)));
      const [updated] = await tx
        .update(contacts)
        .set({ name: fields.name, phone: number.e164, countryCode: number.countryCode, updatedAt: new Date() })
        .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId)))
        .returning();
      // Not the customer's contact: 404 before anything else, so another customer learns nothing of it.
      if (!updated) throw contactNotFound();
      if (taken) throw contactExists();
      return updated;
    });
    return present(deps.rates, row);
  } catch (error) {
    if (isUniqueViolation(error, UNIQUE_INDEX)) throw contactExists();
    throw error;
  }
}

export async function deleteContact(deps: ContactsDeps, userId: string, contactId: string): Promise<void> {
  const deleted = await deps.db
    .delete(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId)))
    .returning({ id: contacts.id });
  if (deleted.length === 0) throw contactNotFound();
}

export interface ImportRequest {
  format: ContactImportFormat;
  text: string;
  country?: string | undefined;
}

function readRows(request: ImportRequest): ImportRow[] {
  if (new TextEncoder().encode(request.text).length > CONTACT_IMPORT_MAX_BYTES) {
    throw new AppError(413, "contacts_file_too_large", `A contacts file can be at most ${CONTACT_IMPORT_MAX_BYTES / (1024 * 1024)} MB.`);
  }
  const rows = request.format === "vcard" ? readVcardRows(request.text) : readCsvRows(request.text);
  if (rows.length > CONTACT_IMPORT_MAX_ROWS) {
    throw new AppError(422, "contacts_file_too_many_rows", `A contacts file can hold at most ${CONTACT_IMPORT_MAX_ROWS} numbers.`);
  }
  return rows;
}

async function plan(deps: ContactsDeps, tx: Executor, userId: string, request: ImportRequest, rows: ImportRow[]): Promise<ImportPlan> {
  const saved = await tx.select({ phone: contacts.phone, name: contacts.name }).from(contacts).where(eq(contacts.userId, userId));
  return planImport(rows, { rates: deps.rates, country: request.country, existing: new Map(saved.map((row) => [row.phone, row.name])), max: CONTACTS_MAX });
}

/** What importing the file would add, merge and refuse; nothing is written. */
export async function previewImport(deps: ContactsDeps, userId: string, request: ImportRequest): Promise<ContactImportReport> {
  const rows = readRows(request);
  return (await plan(deps, deps.db, userId, request, rows)).report;
}

/**
 * Adds the file's new contacts, all or none, planned again inside the transaction against the
 * contacts saved at that moment (the customer may have added some since the preview).
 */
export async function commitImport(deps: ContactsDeps, userId: string, request: ImportRequest): Promise<ContactImportReport & { added: number }> {
  const rows = readRows(request);
  return deps.db.transaction(async (tx) => {
    const existing = await lockOwner(tx, userId);
    const { report, toAdd } = await plan(deps, tx, userId, request, rows);
    if (existing + toAdd.length > CONTACTS_MAX) throw limitReached();
    if (toAdd.length > 0) {
      await tx
        .insert(contacts)
        .values(toAdd.map((contact) => ({ userId, name: contact.name, phone: contact.phone, countryCode: contact.countryCode })))
        .onConflictDoNothing();
    }
    return { ...report, added: toAdd.length };
  });
}

const EXPORT_HEADER = ["name", "phone", "country_code"];

/**
 * The customer's contacts as CSV, by name: a header the import reads back, numbers in E.164
 * (written as they are: the CSV writer escapes only cells a spreadsheet would run).
 */
export async function exportContacts(deps: ContactsDeps, userId: string): Promise<string> {
  const { contacts: listed } = await listContacts(deps, userId, {});
  return writeCsv([EXPORT_HEADER, ...listed.map((contact) => [contact.name, contact.phone, contact.countryCode])]);
}
