import { and, count, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from "drizzle-orm";
import {
  ADMIN_PAYMENTS_MAX_PERIODS,
  ADMIN_PAYMENTS_PAGE_SIZE,
  type AdminPayment,
  type AdminPaymentsFilter,
  type PaymentPeriod,
  type PaymentPeriodTotals,
  type PaymentTotals,
} from "../../../shared/api/admin-payments";
import { moneyToDecimal, parseMoney } from "../../../shared/money";
import { pageOf, pageWindow, type PageRequest } from "../../../shared/api/paging";
import { canonicalEmail } from "../../../shared/accounts/canonical-email";
import type { Executor } from "../../db/client";
import { AppError } from "../../http/app-error";
import { user } from "../../db/schema/auth";
import { payments } from "../../db/schema/payments";
import { paymentDisputes, paymentRefunds } from "../../db/schema/refunds";
import { money4, toDispute, toRefund } from "./admin-payment-rows";
import { REFUNDABLE_STATUSES } from "./refunds";
import { settledAmounts } from "./settled-amounts";

const DAY_MS = 86_400_000;


/** `%` and `_` typed into the customer box are letters, not wildcards. */
function likeFragment(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

function filterWhere(filter: AdminPaymentsFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(payments.status, filter.status));
  if (filter.provider) conditions.push(eq(payments.provider, filter.provider));
  if (filter.from) conditions.push(gte(payments.createdAt, new Date(`${filter.from}T00:00:00.000Z`)));
  // `to` is a whole day: payments created before the next UTC midnight count.
  if (filter.to) conditions.push(lt(payments.createdAt, new Date(Date.parse(`${filter.to}T00:00:00.000Z`) + DAY_MS)));
  const customer = filter.customer ? canonicalEmail(filter.customer) : "";
  if (customer !== "") conditions.push(ilike(user.email, likeFragment(customer)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** A payment whose money came in (refunded later or not): what "paid" sums here and "credit sold" on the dashboard. */
export const moneyCameIn = sql`${payments.status} in ('succeeded', 'partially_refunded', 'refunded')`;
const paidSum = sql<string>`coalesce(sum(${payments.amountUsd}) filter (where ${moneyCameIn}), 0)::text`;
const refundedSum = sql<string>`coalesce(sum(${payments.refundedUsd}), 0)::text`;

function toTotals(row: { count: number | string; paid: string; refunded: string } | undefined): PaymentTotals {
  const paid = parseMoney(row?.paid ?? "0");
  const refunded = parseMoney(row?.refunded ?? "0");
  return { count: Number(row?.count ?? 0), paid: moneyToDecimal(paid), refunded: moneyToDecimal(refunded), net: moneyToDecimal(paid - refunded) };
}

/** The payments under a filter with their customer's email, newest first (ties by id, so pages never overlap). */
function newestFirst(db: Executor, where: SQL | undefined) {
  return db
    .select({ payment: payments, email: user.email })
    .from(payments)
    .innerJoin(user, eq(user.id, payments.userId))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .$dynamic();
}

export async function listAdminPayments(
  db: Executor,
  filter: AdminPaymentsFilter,
  options: { period: PaymentPeriod } & PageRequest,
): Promise<{ payments: AdminPayment[]; page: number; pageCount: number; totals: PaymentTotals; periods: PaymentPeriodTotals[] }> {
  const window = pageWindow(options, ADMIN_PAYMENTS_PAGE_SIZE);
  const where = filterWhere(filter);
  const [totalsRow] = await db
    .select({ count: count(), paid: paidSum, refunded: refundedSum })
    .from(payments)
    .innerJoin(user, eq(user.id, payments.userId))
    .where(where);
  const totals = toTotals(totalsRow);

  // The unit is one of three literals from the contract's enum, never the request's text.
  const unit = sql.raw(`'${options.period}'`);
  const bucket = sql<string>`to_char(date_trunc(${unit}, ${payments.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const periodRows = await db
    .select({ start: bucket, count: count(), paid: paidSum, refunded: refundedSum })
    .from(payments)
    .innerJoin(user, eq(user.id, payments.userId))
    .where(where)
    .groupBy(bucket)
    .orderBy(desc(bucket))
    .limit(ADMIN_PAYMENTS_MAX_PERIODS);

  const rows = await newestFirst(db, where).limit(window.limit).offset(window.offset);

  const ids = rows.map((row) => row.payment.id);
  const refunds = ids.length
    ? await db
        .select({ refund: paymentRefunds, creatorEmail: user.email })
        .from(paymentRefunds)
        .leftJoin(user, eq(user.id, paymentRefunds.createdBy))
        .where(inArray(paymentRefunds.paymentId, ids))
        .orderBy(desc(paymentRefunds.createdAt), desc(paymentRefunds.id))
    : [];
  const disputes = ids.length
    ? await db.select().from(paymentDisputes).where(inArray(paymentDisputes.paymentId, ids)).orderBy(desc(paymentDisputes.createdAt))
    : [];

  return {
    ...pageOf(window, totals.count),
    totals,
    periods: periodRows.map((row) => ({ start: row.start, ...toTotals(row) })),
    payments: rows.map(({ payment, email }) => {
      const own = refunds.filter((row) => row.refund.paymentId === payment.id);
      const pending = own.filter((row) => row.refund.status === "pending").reduce((sum, row) => sum + parseMoney(row.refund.amountUsd), 0);
      const refundable = REFUNDABLE_STATUSES.includes(payment.status) ? parseMoney(payment.amountUsd) - parseMoney(payment.refundedUsd) - pending : 0;
      return {
        id: payment.id,
        customer: { id: payment.userId, email },
        provider: payment.provider,
        status: payment.status,
        ...settledAmounts(payment),
        refunded: money4(payment.refundedUsd),
        refundable: moneyToDecimal(Math.max(0, refundable)),
        discountCode: payment.discountCode,
        failureReason: payment.failureReason,
        createdAt: payment.createdAt.toISOString(),
        completedAt: payment.completedAt?.toISOString() ?? null,
        refunds: own.map(({ refund, creatorEmail }) => toRefund(refund, refund.createdBy && creatorEmail ? { id: refund.createdBy, email: creatorEmail } : null)),
        disputes: disputes.filter((row) => row.paymentId === payment.id).map(toDispute),
      };
    }),
  };
}


/**
 * The most payments one export writes: a ceiling keeps one request from reading the whole table
 * into memory; a filter that finds more is refused with a clear answer, never cut short silently.
 */
export const ADMIN_PAYMENTS_EXPORT_LIMIT = 50_000;

/** Every payment under the filter with its customer's email, newest first (the CSV export). */
export async function allAdminPayments(db: Executor, filter: AdminPaymentsFilter, limit = ADMIN_PAYMENTS_EXPORT_LIMIT) {
  const rows = await newestFirst(db, filterWhere(filter)).limit(limit + 1);
  if (rows.length > limit) {
    throw new AppError(422, "export_too_large", `More than ${limit} payments match. Narrow the days or filters to export them.`);
  }
  return rows;
}
