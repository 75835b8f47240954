import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { canonicalEmail } from "../../../shared/accounts/canonical-email";
import { MAX_ADJUSTMENT_USD } from "../../../shared/api/credit-audit";
import { moneyToDecimal, parseMoney, type Money } from "../../../shared/money";
import { ConfigError, loadConfig } from "../../config";
import { publishOnlyBus } from "../../db/bus";
import { openDatabase, type Executor } from "../../db/client";
import { claimDataDir, DataDirLockedError } from "../../db/data-dir-lock";
import { user } from "../../db/schema/auth";
import { moveEarlierRuntimeState } from "../../earlier-data-folder";
import { BalanceBelowZeroError, heldByLiveCalls, postLedgerEntry } from "./ledger";
import { emailOption, parseCliOptions, type CliResult } from "../../cli-arguments";

const USAGE = [
  "Usage: npm run credits:grant -- --email someone@example.com --amount 5.00 --reason \"why\"",
  "  Adds (or, with a negative amount, takes off) credit as an admin adjustment in the ledger.",
  "  The amount is USD with at most 4 decimals; the balance may not end below zero.",
].join("\n");

/** The most one adjustment may move, so a slip of the keyboard cannot grant a fortune. */
export const MAX_ADJUSTMENT: Money = parseMoney(MAX_ADJUSTMENT_USD);

/** What an adjustment did, for a caller that records it (the admin page's audit row) in the same transaction. */
export interface GrantFacts {
  userId: string;
  entryId: number;
  reference: string;
  amount: Money;
  balanceBefore: Money;
  balance: Money;
}

export type GrantOutcome =
  | { ok: true; balance: Money; reference: string; userId: string; entryId: number }
  | { ok: false; reason: "unknown_account" | "negative_balance"; balance?: Money; heldByLiveCalls?: Money };

/**
 * Writes one admin_adjustment row for the account with this email, in one transaction.
 * `onPosted` runs inside that transaction once the row is in and allowed (the admin page
 * writes its audit row there): if it throws, nothing of the adjustment lands.
 */
export async function grantCredits(
  db: Executor,
  input: { email: string; amount: Money; reason: string; createdBy: string },
  onPosted?: (tx: Executor, facts: GrantFacts) => Promise<void>,
): Promise<GrantOutcome> {
  return db.transaction(async (tx) => {
    const [account] = await tx.select({ id: user.id }).from(user).where(eq(user.email, canonicalEmail(input.email)));
    if (!account) return { ok: false, reason: "unknown_account" } as const;
    const reference = `adj_${randomUUID()}`;
    const posted = await postLedgerEntry(
      tx,
      { userId: account.id, kind: "admin_adjustment", reference, amount: input.amount, note: input.reason, createdBy: input.createdBy },
      publishOnlyBus(tx),
    ).catch((error: unknown) => {
      // A prepaid balance never goes below zero: nothing was written.
      if (error instanceof BalanceBelowZeroError) throw new NegativeBalance(error.wouldBe, 0);
      throw error;
    });
    // Nor once a live call is billed: what it may still cost stays on the balance.
    const held = input.amount < 0 ? await heldByLiveCalls(tx, account.id) : 0;
    if (posted.balance < held) throw new NegativeBalance(posted.balance - held, held);
    // A fresh reference is never a duplicate; this only narrows the type.
    if (!posted.posted) throw new Error(`adjustment ${reference} was already in the ledger`);
    await onPosted?.(tx, { userId: account.id, entryId: posted.entryId, reference, amount: input.amount, balanceBefore: posted.balance - input.amount, balance: posted.balance });
    return { ok: true, balance: posted.balance, reference, userId: account.id, entryId: posted.entryId } as const;
  }).catch((error: unknown) => {
    if (error instanceof NegativeBalance) {
      return { ok: false, reason: "negative_balance", balance: error.balance, ...(error.held > 0 ? { heldByLiveCalls: error.held } : {}) } as const;
    }
    throw error;
  });
}

class NegativeBalance extends Error {
  constructor(
    /** The balance the adjustment would leave once live calls are billed their limits. */
    readonly balance: Money,
    readonly held: Money,
  ) {
    super("the balance would go below zero");
  }
}

/**
 * `npm run credits:grant`: on the embedded database it refuses while the server
 * (or another script) holds the data folder; on PostgreSQL it runs alongside, and
 * the running servers push the new balance to the customer's browser.
 */
export async function runCreditsGrant(args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  const parsed = parseCliOptions(args, { email: { type: "string" }, amount: { type: "string" }, reason: { type: "string" } }, USAGE);
  if ("result" in parsed) return parsed.result;
  const { values } = parsed;
  const checked = emailOption(values["email"], USAGE);
  if ("result" in checked) return checked.result;
  const { email } = checked;
  let amount: Money;
  try {
    amount = parseMoney(values["amount"] ?? "");
  } catch {
    return { exitCode: 2, output: `${values["amount"] ? `Not an amount in USD with at most 4 decimals: ${values["amount"]}` : "--amount is required"}\n${USAGE}` };
  }
  if (amount === 0 || Math.abs(amount) > MAX_ADJUSTMENT) return { exitCode: 2, output: `The amount must be non-zero and at most ${moneyToDecimal(MAX_ADJUSTMENT)} either way.` };
  const reason = values["reason"]?.trim() ?? "";
  if (reason.length === 0 || reason.length > 500) return { exitCode: 2, output: `--reason is required (at most 500 characters)\n${USAGE}` };

  let release: (() => void) | null = null;
  try {
    const config = loadConfig(env);
    const moved = moveEarlierRuntimeState({ dataDir: config.dataDir }).map((note) => note.message);
    if (!config.databaseUrl) release = claimDataDir(config.dataDir, "a credits:grant run (npm run credits:grant)");
    const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
    try {
      const result = await grantCredits(database.db, { email, amount, reason, createdBy: "credits:grant" });
      if (!result.ok && result.reason === "unknown_account") return { exitCode: 1, output: [...moved, `No account has the email ${canonicalEmail(email)}.`].join("\n") };
      if (!result.ok) {
        const live = result.heldByLiveCalls ? ` once the live call is billed (it may still cost ${moneyToDecimal(result.heldByLiveCalls)} USD)` : "";
        return { exitCode: 1, output: [...moved, `Refused: the balance would be ${moneyToDecimal(result.balance ?? 0)} USD${live}, below zero. Nothing changed.`].join("\n") };
      }
      const verb = amount > 0 ? `Granted ${moneyToDecimal(amount)}` : `Took off ${moneyToDecimal(-amount)}`;
      return { exitCode: 0, output: [...moved, `${verb} USD for ${canonicalEmail(email)} (${result.reference}). Balance now ${moneyToDecimal(result.balance)} USD.`].join("\n") };
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof ConfigError) return { exitCode: 1, output: error.message };
    throw error;
  } finally {
    release?.();
  }
}
