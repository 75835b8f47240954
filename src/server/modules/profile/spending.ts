import { and, eq, gte, sql } from "drizzle-orm";
import { MAX_SPENDING_USD } from "../../../shared/accounts/spending";
import { moneyToDecimal, parseMoney, type Money } from "../../../shared/money";
import type { Executor } from "../../db/client";
import { ledgerEntries } from "../../db/schema/credits";
import { spendingSettings } from "../../db/schema/spending";
import { AppError } from "../../http/app-error";

/** The start of today on the database's clock, UTC: the day a daily limit counts. */
const startOfToday = sql`date_trunc('day', now() at time zone 'utc') at time zone 'utc'`;

/** What the account's calls settled since the start of today (UTC) cost: its `call` ledger rows, made positive. */
export async function spentToday(executor: Executor, userId: string): Promise<Money> {
  const [row] = await executor
    .select({ spent: sql<string>`coalesce(-sum(${ledgerEntries.amount}), 0)::numeric(14,4)::text` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, "call"), gte(ledgerEntries.createdAt, startOfToday)));
  return parseMoney(row?.spent ?? "0");
}

export interface StoredSpending {
  dailyLimit: Money | null;
  lowBalanceAlert: Money | null;
}

export async function readSpending(executor: Executor, userId: string): Promise<StoredSpending> {
  const [row] = await executor
    .select({ dailyLimit: spendingSettings.dailyLimitUsd, lowBalanceAlert: spendingSettings.lowBalanceAlertUsd })
    .from(spendingSettings)
    .where(eq(spendingSettings.userId, userId));
  return {
    dailyLimit: row?.dailyLimit ? parseMoney(row.dailyLimit) : null,
    lowBalanceAlert: row?.lowBalanceAlert ? parseMoney(row.lowBalanceAlert) : null,
  };
}

/** What a call may spend now: the balance, or what is left of today's limit when that is less. */
export interface SpendingAllowance {
  amount: Money;
  dailyLimit: Money | null;
  spentToday: Money;
}

/**
 * The one rule both the gate and the confirm dialog's quote apply: a call may spend the
 * balance, but never more than today's limit leaves. The gate's time limit is worked out
 * from `amount` (callTimeLimit), so a call cannot pass the limit.
 */
export async function spendingAllowance(executor: Executor, userId: string, balance: Money): Promise<SpendingAllowance> {
  const { dailyLimit } = await readSpending(executor, userId);
  if (dailyLimit === null) return { amount: balance, dailyLimit: null, spentToday: 0 };
  const spent = await spentToday(executor, userId);
  const left = Math.max(0, dailyLimit - spent);
  return { amount: Math.min(balance, left), dailyLimit, spentToday: spent };
}

const MAX_SPENDING = parseMoney(MAX_SPENDING_USD);

/** Saves both controls; an amount of zero or over the highest allowed is refused, nothing written. */
export async function saveSpending(executor: Executor, userId: string, input: { dailyLimit: string | null; lowBalanceAlert: string | null }): Promise<StoredSpending> {
  const dailyLimit = checkedAmount(input.dailyLimit);
  const lowBalanceAlert = checkedAmount(input.lowBalanceAlert);
  const values = {
    dailyLimitUsd: dailyLimit === null ? null : moneyToDecimal(dailyLimit),
    lowBalanceAlertUsd: lowBalanceAlert === null ? null : moneyToDecimal(lowBalanceAlert),
    updatedAt: new Date(),
  };
  // A new alert amount starts clear: the next fall under it is a crossing (the ledger's next move decides).
  await executor
    .insert(spendingSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: spendingSettings.userId,
      set: {
        ...values,
        lowBalanceAlerted: sql`case when ${spendingSettings.lowBalanceAlertUsd} is not distinct from ${values.lowBalanceAlertUsd}::numeric then ${spendingSettings.lowBalanceAlerted} else false end`,
      },
    });
  return { dailyLimit, lowBalanceAlert };
}

function checkedAmount(text: string | null): Money | null {
  if (text === null) return null;
  const amount = parseMoney(text);
  if (amount <= 0 || amount > MAX_SPENDING) {
    throw new AppError(400, "spending_amount_invalid", `An amount must be above $0 and at most $${MAX_SPENDING_USD}.`);
  }
  return amount;
}
