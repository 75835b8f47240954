import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { contacts } from "../../db/schema/contacts";
import { supportConversations, supportMessages } from "../../db/schema/support";

/**
 * Personal data a module keeps beyond the profile, calls, payments and ledger (contacts,
 * support messages): what "Export my data" writes under the section's name, and what
 * deleting the account removes. A module that stores such rows adds its section to
 * PERSONAL_DATA_SECTIONS below, so neither the export nor the deletion can forget it.
 */
export interface PersonalDataSection {
  /** The key in the export's `more` object: "contacts", "supportMessages". */
  name: string;
  /** The person's rows, plain JSON values, oldest first. */
  exportRows(db: Executor, userId: string): Promise<Record<string, unknown>[]>;
  /** Removes (or anonymises, when the rows are someone else's record too) the person's rows, in the deletion's transaction. */
  erase(tx: Executor, userId: string): Promise<void>;
}

/** The address book: every contact, removed with the account. */
const contactsSection: PersonalDataSection = {
  name: "contacts",
  async exportRows(db, userId) {
    const rows = await db
      .select({ name: contacts.name, phone: contacts.phone, countryCode: contacts.countryCode, createdAt: contacts.createdAt, updatedAt: contacts.updatedAt })
      .from(contacts)
      .where(eq(contacts.userId, userId))
      .orderBy(asc(contacts.createdAt), asc(contacts.id));
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }));
  },
  async erase(tx, userId) {
    await tx.delete(contacts).where(eq(contacts.userId, userId));
  },
};

/**
 * The customer's conversation with support, both sides of it: what they wrote and what we
 * answered. Removed with the account (its messages go with it); no money depends on it.
 */
const supportSection: PersonalDataSection = {
  name: "supportMessages",
  async exportRows(db, userId) {
    const rows = await db
      .select({ reference: supportConversations.reference, author: supportMessages.author, body: supportMessages.body, createdAt: supportMessages.createdAt })
      .from(supportMessages)
      .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
      .where(and(eq(supportConversations.userId, userId), eq(supportConversations.kind, "customer")))
      .orderBy(asc(supportMessages.id));
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  },
  async erase(tx, userId) {
    await tx.delete(supportConversations).where(eq(supportConversations.userId, userId));
  },
};

export const PERSONAL_DATA_SECTIONS: readonly PersonalDataSection[] = [contactsSection, supportSection];
