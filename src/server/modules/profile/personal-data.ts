import type { Executor } from "../../db/client";

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

/** None yet: the contacts and support modules add theirs here. */
export const PERSONAL_DATA_SECTIONS: readonly PersonalDataSection[] = [];
