import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { ADMIN_USERS_PAGE_SIZE, type AdminUserFilter, type AdminUserListQuery, type AdminUserRow } from "../../../shared/api/admin-users";
import { moneyToDecimal, parseMoney } from "../../../shared/money";
import { pageOf, pageWindow } from "../../../shared/api/paging";
import type { Executor } from "../../db/client";
import { user } from "../../db/schema/auth";
import { creditBalances } from "../../db/schema/credits";
import { AppError } from "../../http/app-error";
import { lastActive, lastActiveText } from "./last-active";

/** The balance of an account with no ledger row yet is 0. */
const balance = sql<string>`coalesce(${creditBalances.balance}, 0)`;

/**
 * The filter as SQL over user joined to its balance. The search matches the email or the
 * name anywhere, in lower case, as plain text (strpos: a "%" typed by the admin is itself).
 */
function matching(filter: AdminUserFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.q) conditions.push(sql`(strpos(lower(${user.email}), ${filter.q}) > 0 or strpos(lower(${user.name}), ${filter.q}) > 0)`);
  if (filter.role) conditions.push(eq(user.role, filter.role));
  if (filter.verified) conditions.push(eq(user.emailVerified, filter.verified === "yes"));
  if (filter.banned) conditions.push(eq(user.banned, filter.banned === "yes"));
  if (filter.balanceMin !== undefined) conditions.push(sql`${balance} >= ${filter.balanceMin}::numeric`);
  if (filter.balanceMax !== undefined) conditions.push(sql`${balance} <= ${filter.balanceMax}::numeric`);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The column a sort names; ties fall back to the account's id, so pages never overlap. */
function ordering(query: Pick<AdminUserListQuery, "sort" | "dir">): SQL[] {
  const direction = query.dir === "asc" ? asc : desc;
  switch (query.sort) {
    case "email":
      return [direction(user.email), asc(user.id)];
    case "balance":
      return [direction(balance), asc(user.id)];
    case "last_active":
      // Never active goes last either way: "who was here lately" and "who has been away longest" both skip them.
      return [sql`${lastActive} ${sql.raw(query.dir === "asc" ? "asc" : "desc")} nulls last`, asc(user.id)];
    case "created":
      return [direction(user.createdAt), asc(user.id)];
  }
}

type UserOrder = Pick<AdminUserListQuery, "sort" | "dir">;

/** The accounts under the filter in the asked order, as the list and its CSV read them. */
function selectUsers(db: Executor, filter: AdminUserFilter, order: UserOrder) {
  return db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      role: user.role,
      banned: user.banned,
      createdAt: user.createdAt,
      balance,
      lastActiveAt: lastActiveText,
    })
    .from(user)
    .leftJoin(creditBalances, eq(creditBalances.userId, user.id))
    .where(matching(filter))
    .orderBy(...ordering(order))
    .$dynamic();
}

function toUserRow(row: Awaited<ReturnType<typeof selectUsers>>[number]): AdminUserRow {
  return { ...row, balance: moneyToDecimal(parseMoney(row.balance)), createdAt: row.createdAt.toISOString(), lastActiveAt: row.lastActiveAt };
}

/** One page of the accounts under the filter, in the asked order, with how many match and how many pages they span. */
export async function listUsers(db: Executor, query: AdminUserListQuery): Promise<{ users: AdminUserRow[]; page: number; pageCount: number; total: number }> {
  const { sort, dir, page, pageSize, ...filter } = query;
  const window = pageWindow({ page, pageSize }, ADMIN_USERS_PAGE_SIZE);
  const [counted] = await db.select({ total: count() }).from(user).leftJoin(creditBalances, eq(creditBalances.userId, user.id)).where(matching(filter));
  const total = Number(counted?.total ?? 0);
  const rows = await selectUsers(db, filter, { sort, dir }).limit(window.limit).offset(window.offset);
  return { users: rows.map(toUserRow), ...pageOf(window, total), total };
}

/**
 * The most accounts one export writes: a ceiling keeps one request from reading the whole table
 * into memory; a filter that finds more is refused with a clear answer, never cut short silently.
 */
export const ADMIN_USERS_EXPORT_LIMIT = 50_000;

/** Every account under the filter, in the list's order (the CSV export). */
export async function allUsers(db: Executor, filter: AdminUserFilter, order: UserOrder, limit = ADMIN_USERS_EXPORT_LIMIT): Promise<AdminUserRow[]> {
  const rows = await selectUsers(db, filter, order).limit(limit + 1);
  if (rows.length > limit) {
    throw new AppError(422, "export_too_large", `More than ${limit} accounts match. Narrow the search or filters to export them.`);
  }
  return rows.map(toUserRow);
}
