import { sql } from "drizzle-orm";
import { CREDIT_ACCOUNTS_PAGE_SIZE, type CreditAccount, type CreditAuditSummary } from "../../../shared/api/credit-audit";
import { moneyToDecimal, parseMoney } from "../../../shared/money";
import { pageOf, pageWindow, type PageRequest } from "../../../shared/api/paging";
import { queryRows, type Executor } from "../../db/client";

interface Row {
  accounts: number;
  total_balance: string;
  total_ledger: string;
  drifted_accounts: number;
  user_id: string | null;
  email: string | null;
  balance: string | null;
  ledger_sum: string | null;
  last_balance_after: string | null;
  entries: number | null;
  drifted: boolean | null;
}

const money4 = (value: string) => moneyToDecimal(parseMoney(value));

/**
 * Every account's balance (credit_balances) against the sum of its ledger rows and
 * against the balance after its last row, in one query: the summary over all accounts
 * and one page of them (drifted first), the summary row present even when the page is
 * empty. An account with ledger rows but no balance row counts with a balance of 0.
 * The last row is the highest id: ids are taken under the balance row's lock, so they
 * follow the order the entries were applied (created_at is each transaction's start).
 */
export async function reconcileAccounts(db: Pick<Executor, "execute">, options: { onlyDrifted: boolean } & PageRequest) {
  const window = pageWindow(options, CREDIT_ACCOUNTS_PAGE_SIZE);
  const rows = await queryRows<Row>(
    db,
    sql`
      with sums as (
        select user_id, sum(amount) as ledger_sum, count(*)::int as entries from ledger_entries group by user_id
      ), last_rows as (
        select distinct on (user_id) user_id, balance_after from ledger_entries order by user_id, id desc
      ), accounts as (
        select coalesce(b.user_id, s.user_id) as user_id,
               coalesce(b.balance, 0) as balance,
               coalesce(s.ledger_sum, 0) as ledger_sum,
               coalesce(s.entries, 0) as entries
          from credit_balances b full join sums s on s.user_id = b.user_id
      ), flagged as (
        select a.*, l.balance_after as last_balance_after,
               (a.balance <> a.ledger_sum or (l.balance_after is not null and l.balance_after <> a.balance)) as drifted
          from accounts a left join last_rows l on l.user_id = a.user_id
      ), summary as (
        select count(*)::int as accounts,
               coalesce(sum(balance), 0)::text as total_balance,
               coalesce(sum(ledger_sum), 0)::text as total_ledger,
               (count(*) filter (where drifted))::int as drifted_accounts
          from flagged
      )
      select summary.*, page.* from summary left join lateral (
        select f.user_id, u.email, f.balance::text as balance, f.ledger_sum::text as ledger_sum,
               f.last_balance_after::text as last_balance_after, f.entries, f.drifted
          from flagged f join "user" u on u.id = f.user_id
         where ${options.onlyDrifted} = false or f.drifted
         order by f.drifted desc, u.email, f.user_id
         limit ${window.limit} offset ${window.offset}
      ) page on true`,
  );
  const first = rows[0];
  const summary: CreditAuditSummary = {
    accounts: Number(first?.accounts ?? 0),
    totalBalance: money4(first?.total_balance ?? "0"),
    totalLedger: money4(first?.total_ledger ?? "0"),
    driftedAccounts: Number(first?.drifted_accounts ?? 0),
  };
  const accounts: CreditAccount[] = rows.flatMap((row) => {
    if (row.user_id === null || row.email === null || row.balance === null || row.ledger_sum === null) return [];
    const balance = parseMoney(row.balance);
    const ledgerSum = parseMoney(row.ledger_sum);
    return [
      {
        userId: row.user_id,
        email: row.email,
        balance: moneyToDecimal(balance),
        ledgerSum: moneyToDecimal(ledgerSum),
        lastBalanceAfter: row.last_balance_after === null ? null : money4(row.last_balance_after),
        entries: Number(row.entries ?? 0),
        difference: moneyToDecimal(balance - ledgerSum),
        drifted: row.drifted === true,
      },
    ];
  });
  const listed = options.onlyDrifted ? summary.driftedAccounts : summary.accounts;
  return { accounts, ...pageOf(window, listed), summary };
}
