import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { DISCOUNT_PERCENT_RANGE, type AdminDiscount, type DiscountFields, type DiscountStatus } from "../../../shared/api/admin-discounts";
import { moneyToDecimal, parseMoney } from "../../../shared/money";
import type { Database, Executor } from "../../db/client";
import { auditLog } from "../../db/schema/audit";
import { discountCodes, discountRedemptions } from "../../db/schema/discounts";
import { AppError, notFound } from "../../http/app-error";
import { isUniqueViolation } from "../../db/unique-violation";

type DiscountRow = typeof discountCodes.$inferSelect;

export const DISCOUNT_AUDIT_ACTIONS = ["discount.create", "discount.update", "discount.pause", "discount.resume", "discount.delete"] as const;
type DiscountAuditAction = (typeof DISCOUNT_AUDIT_ACTIONS)[number];

export function newDiscountId(): string {
  return `dsc_${randomBytes(12).toString("hex")}`;
}

/** The state an admin reads: paused first (their own choice), then the window and the limit. */
export function discountStatus(row: Pick<DiscountRow, "paused" | "startsAt" | "endsAt" | "maxRedemptions" | "redeemedCount">, now: Date): DiscountStatus {
  if (row.paused) return "paused";
  if (row.endsAt !== null && now >= row.endsAt) return "expired";
  if (row.maxRedemptions !== null && row.redeemedCount >= row.maxRedemptions) return "used_up";
  if (row.startsAt !== null && now < row.startsAt) return "scheduled";
  return "active";
}

interface UseCounts {
  reserved: number;
  redeemed: number;
}

function present(row: DiscountRow, uses: UseCounts, now: Date): AdminDiscount {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxRedemptions: row.maxRedemptions,
    maxPerCustomer: row.maxPerCustomer,
    minPurchase: moneyToDecimal(parseMoney(row.minPurchaseUsd)),
    used: row.redeemedCount,
    redeemed: uses.redeemed,
    reserved: uses.reserved,
    paused: row.paused,
    status: discountStatus(row, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function useCounts(executor: Pick<Executor, "select">, ids: string[]): Promise<Map<string, UseCounts>> {
  const counts = new Map<string, UseCounts>();
  if (ids.length === 0) return counts;
  const rows = await executor
    .select({ discountId: discountRedemptions.discountId, status: discountRedemptions.status, uses: sql<number>`count(*)::int` })
    .from(discountRedemptions)
    .where(and(inArray(discountRedemptions.discountId, ids), inArray(discountRedemptions.status, ["reserved", "redeemed"])))
    .groupBy(discountRedemptions.discountId, discountRedemptions.status);
  for (const row of rows) {
    const entry = counts.get(row.discountId) ?? { reserved: 0, redeemed: 0 };
    if (row.status === "reserved") entry.reserved = row.uses;
    if (row.status === "redeemed") entry.redeemed = row.uses;
    counts.set(row.discountId, entry);
  }
  return counts;
}

/** Every live (not deleted) code, newest first. */
export async function listDiscounts(db: Database, now: Date): Promise<AdminDiscount[]> {
  const rows = await db.select().from(discountCodes).where(isNull(discountCodes.deletedAt)).orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
  const counts = await useCounts(db, rows.map((row) => row.id));
  return rows.map((row) => present(row, counts.get(row.id) ?? { reserved: 0, redeemed: 0 }, now));
}

/** The stored columns of a code's fields, after the rules that span fields (percent per kind, window order, limit over uses). */
function columnsOf(fields: DiscountFields, redeemedCount: number) {
  const range = DISCOUNT_PERCENT_RANGE[fields.kind];
  if (fields.percent < range.min || fields.percent > range.max) {
    throw new AppError(400, "discount_percent_out_of_range", `A ${fields.kind === "bonus" ? "bonus" : "price cut"} is ${range.min} to ${range.max} percent`);
  }
  const startsAt = fields.startsAt === null ? null : new Date(fields.startsAt);
  const endsAt = fields.endsAt === null ? null : new Date(fields.endsAt);
  if (startsAt !== null && endsAt !== null && startsAt >= endsAt) {
    throw new AppError(400, "discount_window_invalid", "The code must end after it starts");
  }
  if (fields.maxRedemptions !== null && fields.maxRedemptions < redeemedCount) {
    throw new AppError(400, "discount_limit_below_uses", `The code has been used ${redeemedCount} times: its limit cannot be lower`);
  }
  return {
    code: fields.code,
    kind: fields.kind,
    percent: fields.percent,
    startsAt,
    endsAt,
    maxRedemptions: fields.maxRedemptions,
    maxPerCustomer: fields.maxPerCustomer,
    minPurchaseUsd: moneyToDecimal(parseMoney(fields.minPurchase)),
  };
}

function fieldsOf(row: DiscountRow): DiscountFields {
  return {
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxRedemptions: row.maxRedemptions,
    maxPerCustomer: row.maxPerCustomer,
    minPurchase: moneyToDecimal(parseMoney(row.minPurchaseUsd)),
  };
}

/** What the audit keeps of a code: its fields and pause, as the admin set them. */
const auditView = (row: DiscountRow) => ({ ...fieldsOf(row), paused: row.paused, redeemedCount: row.redeemedCount });

async function audit(tx: Executor, actorUserId: string, action: DiscountAuditAction, subjectId: string, before: unknown, after: unknown, now: Date) {
  await tx.insert(auditLog).values({ actorUserId, action, subjectType: "discount_code", subjectId, before, after, createdAt: now });
}

async function assertCodeFree(tx: Pick<Executor, "select">, code: string, exceptId: string | null): Promise<void> {
  const [taken] = await tx
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(and(eq(discountCodes.code, code), isNull(discountCodes.deletedAt), ...(exceptId ? [ne(discountCodes.id, exceptId)] : [])));
  if (taken) throw codeTaken(code);
}

const codeTaken = (code: string) => new AppError(409, "discount_code_taken", `The code ${code} is already in use`);

/** A unique violation on the live-code index: two admins creating one code at once. */
const isCodeConflict = (error: unknown) => isUniqueViolation(error, "discount_codes_code_live_idx");

export async function createDiscount(db: Database, actorUserId: string, fields: DiscountFields, now: Date): Promise<AdminDiscount> {
  const columns = columnsOf(fields, 0);
  try {
    return await db.transaction(async (tx) => {
      await assertCodeFree(tx, columns.code, null);
      const [row] = await tx
        .insert(discountCodes)
        .values({ id: newDiscountId(), ...columns, createdBy: actorUserId, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error("the discount code was not written");
      await audit(tx, actorUserId, "discount.create", row.id, null, auditView(row), now);
      return present(row, { reserved: 0, redeemed: 0 }, now);
    });
  } catch (error) {
    if (!(error instanceof AppError) && isCodeConflict(error)) throw codeTaken(columns.code);
    throw error;
  }
}

/**
 * Changes the fields given; the row is locked so a checkout reserving at the same
 * moment counts against the limit being set. A change of `paused` alone is audited as
 * discount.pause or discount.resume, anything else as discount.update.
 */
export async function updateDiscount(
  db: Database,
  actorUserId: string,
  discountId: string,
  change: Partial<DiscountFields> & { paused?: boolean | undefined },
  now: Date,
): Promise<AdminDiscount> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(discountCodes)
        .where(and(eq(discountCodes.id, discountId), isNull(discountCodes.deletedAt)))
        .for("update");
      if (!before) throw notFound("No such discount code");
      const { paused, ...fieldChange } = change;
      const merged: DiscountFields = { ...fieldsOf(before), ...Object.fromEntries(Object.entries(fieldChange).filter(([, value]) => value !== undefined)) };
      const columns = columnsOf(merged, before.redeemedCount);
      if (columns.code !== before.code) await assertCodeFree(tx, columns.code, before.id);
      const [after] = await tx
        .update(discountCodes)
        .set({ ...columns, paused: paused ?? before.paused, updatedAt: now })
        .where(eq(discountCodes.id, before.id))
        .returning();
      if (!after) throw notFound("No such discount code");
      const fieldsChanged = JSON.stringify(fieldsOf(before)) !== JSON.stringify(fieldsOf(after));
      const action: DiscountAuditAction = !fieldsChanged && after.paused !== before.paused ? (after.paused ? "discount.pause" : "discount.resume") : "discount.update";
      await audit(tx, actorUserId, action, before.id, auditView(before), auditView(after), now);
      const counts = await useCounts(tx, [after.id]);
      return present(after, counts.get(after.id) ?? { reserved: 0, redeemed: 0 }, now);
    });
  } catch (error) {
    if (!(error instanceof AppError) && isCodeConflict(error)) throw codeTaken(change.code ?? "");
    throw error;
  }
}

/** Soft delete: the code stops redeeming and listing; payments keep their code, reservations in progress still complete or release. */
export async function deleteDiscount(db: Database, actorUserId: string, discountId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(discountCodes)
      .where(and(eq(discountCodes.id, discountId), isNull(discountCodes.deletedAt)))
      .for("update");
    if (!before) throw notFound("No such discount code");
    const [after] = await tx.update(discountCodes).set({ deletedAt: now, updatedAt: now }).where(eq(discountCodes.id, before.id)).returning();
    await audit(tx, actorUserId, "discount.delete", before.id, auditView(before), after ? { ...auditView(after), deletedAt: now.toISOString() } : null, now);
  });
}
