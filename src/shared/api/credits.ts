import { z } from "zod";
import { defineEndpoint } from "./endpoint";

/**
 * The prepaid balance. Money travels as an exact decimal string with 4 decimals
 * ("12.3400"); parse it with parseMoney, never parseFloat. The balance is the sum
 * of the account's ledger rows, always.
 */
export const money4 = z.string().regex(/^-?\d+\.\d{4}$/);

/** The spec's secure-credit-manager get_balance (polled every 5 s during a call, and pushed as a `balance` event). */
export const creditBalance = defineEndpoint({
  method: "GET",
  path: "/api/credits/balance",
  access: "user",
  summary: "The signed-in customer's prepaid balance in USD",
  response: z.object({ balance: money4 }),
});

/**
 * The kinds of ledger row: a call's cost, an admin's adjustment, a purchase and its
 * discount bonus, a refund, a card dispute (chargeback) and its reversal when we win it, and
 * a call's cost given back (by an admin, or by the automatic policy for a broken call).
 */
export const LEDGER_KINDS = ["call", "admin_adjustment", "purchase", "bonus", "refund", "dispute", "dispute_reversal", "call_credit"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
