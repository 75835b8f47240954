import { and, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { CREDIT_LEDGER_PAGE_SIZE, type CreditLedgerFilter, type CreditLedgerRow } from "../../../shared/api/credit-audit";
import { moneyToDecimal, parseMoney } from "../../../shared/money";
import { pageOf, pageWindow, type PageRequest } from "../../../shared/api/paging";
import type { Executor } from "../../db/client";
import { user } from "../../db/schema/auth";
import { ledgerEntries } from "../../db/schema/credits";

const DAY_MS = 86_400_000;

/** The filter as SQL over ledger_entries joined to user: `to` is a whole UTC day. */
function matching(filter: CreditLedgerFilter): SQL | undefined {
  const conditions: SQL[] = [];
  // strpos, not LIKE: a % or _ the admin types is a character to find, not a pattern.
  if (filter.email) conditions.push(sql`strpos(lower(${user.email}), ${filter.email}) > 0`);
  if (filter.kind) conditions.push(eq(ledgerEntries.kind, filter.kind));
  if (filter.from) conditions.push(gte(ledgerEntries.createdAt, new Date(`${filter.from}T00:00:00.000Z`)));
  if (filter.to) conditions.push(lt(ledgerEntries.createdAt, new Date(Date.parse(`${filter.to}T00:00:00.000Z`) + DAY_MS)));
  if (filter.reference) conditions.push(eq(ledgerEntries.reference, filter.reference));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Numeric columns come back as the engine writes them; the wire wants exactly 4 decimals. */
const money4 = (value: string) => moneyToDecimal(parseMoney(value));

const columns = {
  id: ledgerEntries.id,
  userId: ledgerEntries.userId,
  email: user.email,
  kind: ledgerEntries.kind,
  reference: ledgerEntries.reference,
  amount: ledgerEntries.amount,
  balanceAfter: ledgerEntries.balanceAfter,
  note: ledgerEntries.note,
  createdBy: ledgerEntries.createdBy,
  createdAt: ledgerEntries.createdAt,
};

type Row = Omit<CreditLedgerRow, "amount" | "balanceAfter" | "createdAt"> & { amount: string; balanceAfter: string; createdAt: Date };

export function toLedgerRow(row: Row): CreditLedgerRow {
  return { ...row, amount: money4(row.amount), balanceAfter: money4(row.balanceAfter), createdAt: row.createdAt.toISOString() };
}

/** Newest first; rows of the same instant keep one order across pages (ids follow the order they were applied). */
const NEWEST_FIRST = [desc(ledgerEntries.createdAt), desc(ledgerEntries.id)] as const;

function selectRows(db: Pick<Executor, "select">, filter: CreditLedgerFilter) {
  return db.select(columns).from(ledgerEntries).innerJoin(user, eq(user.id, ledgerEntries.userId)).where(matching(filter)).orderBy(...NEWEST_FIRST).$dynamic();
}

/** One page of every customer's ledger under the filter, with the number of rows and pages it spans. */
export async function listLedger(db: Pick<Executor, "select">, filter: CreditLedgerFilter, request: PageRequest) {
  const window = pageWindow(request, CREDIT_LEDGER_PAGE_SIZE);
  const [totals] = await db.select({ total: count() }).from(ledgerEntries).innerJoin(user, eq(user.id, ledgerEntries.userId)).where(matching(filter));
  const total = Number(totals?.total ?? 0);
  const rows = await selectRows(db, filter)
    .limit(window.limit)
    .offset(window.offset);
  return { entries: rows.map(toLedgerRow), ...pageOf(window, total), total };
}

/** Every row under the filter, newest first (the CSV export). */
export async function allLedger(db: Pick<Executor, "select">, filter: CreditLedgerFilter): Promise<CreditLedgerRow[]> {
  return (await selectRows(db, filter)).map(toLedgerRow);
}

/** One ledger row by id (the adjustment's answer). */
export async function ledgerRow(db: Pick<Executor, "select">, id: number): Promise<CreditLedgerRow | undefined> {
  const [row] = await db.select(columns).from(ledgerEntries).innerJoin(user, eq(user.id, ledgerEntries.userId)).where(eq(ledgerEntries.id, id));
  return row ? toLedgerRow(row) : undefined;
}

/** One account's latest ledger rows, newest first (a customer's page in the back office). */
export async function latestLedgerRows(db: Pick<Executor, "select">, userId: string, limit: number): Promise<CreditLedgerRow[]> {
  const rows = await db
    .select(columns)
    .from(ledgerEntries)
    .innerJoin(user, eq(user.id, ledgerEntries.userId))
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
  return rows.map(toLedgerRow);
}
