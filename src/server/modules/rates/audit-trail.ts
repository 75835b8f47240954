import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { RateAuditEntry } from "../../../shared/api/admin-rates";
import type { Executor } from "../../db/client";
import { auditLog } from "../../db/schema/audit";
import { user } from "../../db/schema/auth";

export const RATE_AUDIT_ACTIONS = { countryUpdate: "country_rate.update", deckImport: "rate_deck.import" } as const;
const ACTIONS = Object.values(RATE_AUDIT_ACTIONS);

export interface RateAuditRecord {
  /** The admin, or null for the command-line import. */
  actorUserId: string | null;
  action: (typeof ACTIONS)[number];
  subjectType: "country_rate" | "rate_deck";
  subjectId: string | null;
  before: unknown;
  after: unknown;
}

/** Writes one audit row; pass the transaction of the change so both commit or neither does. */
export async function recordRateAudit(tx: Executor, record: RateAuditRecord, now: Date): Promise<void> {
  await tx.insert(auditLog).values({ ...record, createdAt: now });
}

/** The rates audit trail, newest first; with a code, only that country's edits. */
export async function listRateAudit(
  db: Pick<Executor, "select">,
  options: { code?: string; page: number; pageSize: number },
): Promise<{ entries: RateAuditEntry[]; total: number }> {
  const filters: SQL[] = [inArray(auditLog.action, ACTIONS)];
  if (options.code !== undefined) filters.push(eq(auditLog.subjectId, options.code.toUpperCase()));
  const where = and(...filters);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ entry: auditLog, actorEmail: user.email, actorName: user.name })
      .from(auditLog)
      .leftJoin(user, eq(user.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    total: totals?.total ?? 0,
    entries: rows.map(({ entry, actorEmail, actorName }) => ({
      id: entry.id,
      action: entry.action,
      subjectType: entry.subjectType,
      subjectId: entry.subjectId,
      actor: entry.actorUserId !== null && actorEmail !== null ? { id: entry.actorUserId, email: actorEmail, name: actorName ?? "" } : null,
      before: entry.before,
      after: entry.after,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}
