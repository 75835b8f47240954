import { eq } from "drizzle-orm";
import { parseMoney } from "../../src/shared/money";
import { openDatabase } from "../../src/server/db/client";
import { claimDataDir } from "../../src/server/db/data-dir-lock";
import { user } from "../../src/server/db/schema/auth";
import { grantCredits } from "../../src/server/modules/credits/grant-cli";
import { insertCall, type CallRowInput } from "../../src/server/test/history-calls";

/**
 * Writes call logs (and a balance) into a stopped e2e server's embedded database, as the
 * carrier's status events would have left them: for pages that read calls, not for how
 * calls are made. The embedded database has one owner at a time, so the server must be
 * stopped first; the data folder's lock makes sure it is.
 */
export async function seedCalls(
  dataDir: string,
  seed: { email: string; balance?: string; calls: CallRowInput[] }[],
): Promise<void> {
  const release = claimDataDir(dataDir, "e2e call seeding");
  const handle = await openDatabase({ dataDir });
  try {
    for (const account of seed) {
      const [row] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, account.email));
      if (!row) throw new Error(`no account ${account.email}`);
      for (const call of account.calls) await insertCall(handle.db, row.id, call);
      if (account.balance) await grantCredits(handle.db, { email: account.email, amount: parseMoney(account.balance), reason: "e2e", createdBy: "e2e" });
    }
  } finally {
    await handle.close();
    release();
  }
}
