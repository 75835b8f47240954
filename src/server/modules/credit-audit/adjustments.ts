import { eq } from "drizzle-orm";
import { moneyToDecimal, parseMoney, type Money } from "../../../shared/money";
import type { Database, Executor } from "../../db/client";
import { auditLog } from "../../db/schema/audit";
import { user } from "../../db/schema/auth";
import { AppError } from "../../http/app-error";
import { grantCredits, MAX_ADJUSTMENT, type GrantFacts } from "../credits/grant-cli";
import { getBalance, heldByLiveCalls } from "../credits/ledger";
import { ledgerRow } from "./ledger-queries";

export const CREDIT_ADJUST_ACTION = "credit.adjust";

export interface Admin {
  userId: string;
  email: string;
}

/** The audit row of one adjustment; written by grantCredits' hook, inside the adjustment's transaction. */
export async function recordAdjustmentAudit(tx: Executor, admin: Admin, reason: string, facts: GrantFacts): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: admin.userId,
    action: CREDIT_ADJUST_ACTION,
    subjectType: "credit_balance",
    subjectId: facts.userId,
    before: { balance: moneyToDecimal(facts.balanceBefore) },
    after: { balance: moneyToDecimal(facts.balance), amount: moneyToDecimal(facts.amount), reference: facts.reference, reason },
  });
}

/** The amount as the form sent it, within the bounds of any adjustment, or a 400 that says why. */
export function adjustmentAmountOf(text: string): Money {
  let amount: Money;
  try {
    amount = parseMoney(text.replace(/^\+/, ""));
  } catch {
    throw new AppError(400, "adjustment_amount_invalid", `Not an amount in USD with at most 4 decimals: ${text}`);
  }
  if (amount === 0 || Math.abs(amount) > MAX_ADJUSTMENT) {
    throw new AppError(400, "adjustment_amount_invalid", `The amount must be non-zero and at most ${moneyToDecimal(MAX_ADJUSTMENT)} USD either way.`);
  }
  return amount;
}

/**
 * An admin adds or takes off credit: grantCredits (one admin_adjustment row, never below
 * zero nor below what live calls may still cost) with the admin as its author and the
 * audit row in the same transaction.
 */
export async function adjustCredits(db: Database, admin: Admin, body: { email: string; amount: string; reason: string }) {
  const amount = adjustmentAmountOf(body.amount);
  const outcome = await grantCredits(db, { email: body.email, amount, reason: body.reason, createdBy: admin.email }, (tx, facts) =>
    recordAdjustmentAudit(tx, admin, body.reason, facts),
  );
  if (!outcome.ok && outcome.reason === "unknown_account") throw new AppError(404, "account_not_found", `No account has the email ${body.email}.`);
  if (!outcome.ok) {
    // Read again for the message only: what the balance is and what live calls hold right now.
    const account = await accountIdOf(db, body.email);
    const balance = account ? await getBalance(db, account) : 0;
    const held = account ? await heldByLiveCalls(db, account) : 0;
    const live = held > 0 ? `, of which live calls may still cost ${moneyToDecimal(held)} USD` : "";
    throw new AppError(
      409,
      "adjustment_below_zero",
      `Refused: the balance is ${moneyToDecimal(balance)} USD${live}; taking off ${moneyToDecimal(-amount)} USD would leave it below zero. Nothing changed.`,
      // The figures, for the page to put in the admin's language.
      [
        { path: "balance", message: moneyToDecimal(balance) },
        { path: "heldByLiveCalls", message: moneyToDecimal(held) },
      ],
    );
  }
  const entry = await ledgerRow(db, outcome.entryId);
  if (!entry) throw new Error(`adjustment ${outcome.reference} is not in the ledger`);
  return { entry, balanceBefore: moneyToDecimal(outcome.balance - amount), balance: moneyToDecimal(outcome.balance) };
}

async function accountIdOf(db: Database, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row?.id;
}
