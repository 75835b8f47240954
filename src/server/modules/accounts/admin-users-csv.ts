import type { AdminUserRow } from "../../../shared/api/admin-users";
import { writeCsv } from "../../../shared/csv/write-csv";
import type { Locale } from "../../../shared/i18n/locales";
import type { Executor } from "../../db/client";
import { csvStrings } from "../calls/history-csv";

const COLUMNS = ["email", "name", "role", "email_verified", "banned", "created", "balance", "last_active", "id"] as const;

const yesNo = (value: boolean) => (value ? "yes" : "no");

/**
 * The back office's accounts as CSV: the header row in the admin's language, the role and the
 * yes/no columns as the codes the list's filters use (what a script matches on), times in UTC
 * ISO form and the balance as an exact decimal with a point. Written by the one CSV writer,
 * which escapes cells a spreadsheet would run as formulas (a name typed as "=1+1").
 */
export async function adminUsersCsv(db: Executor, users: readonly AdminUserRow[], locale: Locale): Promise<string> {
  const say = await csvStrings(db, locale, ["admin_users.csv."]);
  const header = COLUMNS.map((column) => say(`admin_users.csv.${column}`));
  const rows = users.map((row) => [
    row.email,
    row.name,
    row.role,
    yesNo(row.emailVerified),
    yesNo(row.banned),
    row.createdAt,
    row.balance,
    row.lastActiveAt ?? "",
    row.id,
  ]);
  return writeCsv([header, ...rows]);
}
