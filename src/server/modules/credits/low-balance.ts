import { sql } from "drizzle-orm";
import { moneyToDecimal, type Money } from "../../../shared/money";
import { queryRows, type Executor } from "../../db/client";
import { JOB_QUEUES } from "../../../shared/jobs/job-queues";
import { defineJob } from "../../jobs/job-queue";
import { enqueueInTransaction } from "../../jobs/job-rows";

/** Writes and queues the low-balance email of an account (profile/low-balance-email.ts runs it). */
export const lowBalanceEmailJob = defineJob<{ userId: string }>(JOB_QUEUES.lowBalanceEmail);

/**
 * Called by postLedgerEntry with the balance an entry left, under the balance row's lock, so
 * entries of one account decide one after another. The account's alert state follows the
 * balance: it turns on when the balance is under the customer's alert amount and off when it is
 * back at or above it. Only the turn on queues the email, in the entry's transaction, so a
 * customer hears once per crossing, not once per call, and never for an entry that rolled back.
 */
export async function followLowBalance(tx: Executor, userId: string, balance: Money): Promise<void> {
  const under = sql`${moneyToDecimal(balance)}::numeric < low_balance_alert_usd`;
  const [changed] = await queryRows<{ alerted: boolean }>(
    tx,
    sql`update spending_settings set low_balance_alerted = ${under}
        where user_id = ${userId} and low_balance_alert_usd is not null and low_balance_alerted <> (${under})
        returning low_balance_alerted as alerted`,
  );
  if (changed?.alerted) await enqueueInTransaction(tx, lowBalanceEmailJob, { userId });
}
