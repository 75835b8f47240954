import { asc, eq } from "drizzle-orm";
import type { DataExport } from "../../../shared/api/profile";
import { moneyToDecimal, parseMoney } from "../../../shared/money";
import type { Executor } from "../../db/client";
import { callLogs } from "../../db/schema/calls";
import { ledgerEntries } from "../../db/schema/credits";
import { payments } from "../../db/schema/payments";
import { toCallLog } from "../calls/history-service";
import { toPayment } from "../payments/service";
import { PERSONAL_DATA_SECTIONS, type PersonalDataSection } from "./personal-data";
import { getProfile } from "./service";

/**
 * "Export my data": everything kept about the signed-in person, each part read with the
 * person's id in its query, so nobody else's rows can be in it.
 */
export async function exportPersonalData(db: Executor, userId: string, sections: readonly PersonalDataSection[] = PERSONAL_DATA_SECTIONS): Promise<DataExport> {
  const profile = await getProfile(db, userId);
  const calls = await db.select().from(callLogs).where(eq(callLogs.userId, userId)).orderBy(asc(callLogs.startedAt), asc(callLogs.id));
  const paid = await db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.createdAt));
  const ledger = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(asc(ledgerEntries.id));
  const more: DataExport["more"] = {};
  for (const section of sections) more[section.name] = await section.exportRows(db, userId);
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      id: userId,
      name: profile.name,
      email: profile.email,
      emailVerified: profile.emailVerified,
      locale: profile.locale,
      memberSince: profile.memberSince,
      balance: profile.balance,
      spending: { dailyLimit: profile.spending.dailyLimit, lowBalanceAlert: profile.spending.lowBalanceAlert },
    },
    calls: calls.map(toCallLog),
    payments: paid.map(toPayment),
    ledger: ledger.map((entry) => ({
      kind: entry.kind,
      reference: entry.reference,
      amount: moneyToDecimal(parseMoney(entry.amount)),
      balanceAfter: moneyToDecimal(parseMoney(entry.balanceAfter)),
      note: entry.note,
      createdAt: entry.createdAt.toISOString(),
    })),
    more,
  };
}

/** The download's file name: the service's name and the day, never the person's address. */
export function exportFileName(now = new Date()): string {
  return `dialwise-data-${now.toISOString().slice(0, 10)}.json`;
}
