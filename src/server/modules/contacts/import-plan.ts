import { DISPLAY_NAME_MAX_LENGTH, plainDisplayName } from "../../../shared/accounts/display-name";
import type { ContactImportReport } from "../../../shared/api/contacts";
import { collatorFor } from "../../../shared/countries/countries";
import { moneyToDecimal, type Money } from "../../../shared/money";
import type { RatesCatalog } from "../rates/catalog";
import { readContactNumber } from "./contact-number";
import { reportedText, type ImportRow } from "./import-rows";

export interface PlannedContact {
  name: string;
  phone: string;
  countryCode: string;
  rate: Money;
}

export interface ImportPlan {
  report: ContactImportReport;
  toAdd: PlannedContact[];
}

export interface ImportContext {
  rates: Pick<RatesCatalog, "quote">;
  /** The country numbers without their country code are read in, unless a row names its own. */
  country: string | undefined;
  /** The customer's saved contacts: E.164 number → name. */
  existing: ReadonlyMap<string, string>;
  max: number;
}

/**
 * What importing a file's rows would do. Each row's name is made plain and checked as a
 * contact's name is, its number read as a contact's number is (the gate's quote); a number
 * already saved, or met earlier in the file, is merged into that contact (its name kept),
 * so importing the same file twice adds nothing the second time.
 */
export function planImport(rows: readonly ImportRow[], context: ImportContext): ImportPlan {
  const report: ContactImportReport = { read: 0, toAdd: [], merged: [], refused: [], existing: context.existing.size, max: context.max, canCommit: false };
  const toAdd = new Map<string, PlannedContact>();
  for (const row of rows) {
    const refuse = (reason: ContactImportReport["refused"][number]["reason"]) =>
      report.refused.push({ source: row.source, name: reportedText(row.name), number: reportedText(row.number), reason });
    if (row.problem !== undefined) {
      refuse(row.problem);
      continue;
    }
    report.read += 1;
    const name = plainDisplayName(row.name);
    if (name === "") {
      refuse("missing_name");
      continue;
    }
    if (name.length > DISPLAY_NAME_MAX_LENGTH) {
      refuse("name_too_long");
      continue;
    }
    const quote = readContactNumber(context.rates, row.number, row.country ?? context.country);
    if (!quote.ok) {
      refuse(quote.reason);
      continue;
    }
    const saved = context.existing.get(quote.e164);
    const earlier = toAdd.get(quote.e164);
    if (saved !== undefined || earlier !== undefined) {
      report.merged.push({ source: row.source, name, phone: quote.e164, into: saved ?? earlier?.name ?? name, existing: saved !== undefined });
      continue;
    }
    toAdd.set(quote.e164, { name, phone: quote.e164, countryCode: quote.countryCode, rate: quote.rate });
  }
  const collator = collatorFor("en");
  const planned = [...toAdd.values()].sort((a, b) => collator.compare(a.name, b.name) || a.phone.localeCompare(b.phone));
  report.toAdd = planned.map((contact) => ({ ...contact, rate: moneyToDecimal(contact.rate) }));
  report.canCommit = planned.length > 0 && context.existing.size + planned.length <= context.max;
  return { report, toAdd: planned };
}
