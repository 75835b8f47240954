import { eq } from "drizzle-orm";
import { DEFAULT_LOCALE, toSupportedLocale } from "../../../shared/i18n/locales";
import { formatUsd, parseMoney } from "../../../shared/money";
import type { Executor } from "../../db/client";
import { user } from "../../db/schema/auth";
import { spendingSettings } from "../../db/schema/spending";
import type { JobQueue } from "../../jobs/job-queue";
import type { Mailer } from "../../providers/email/mail-jobs";
import { renderAccountEmail } from "../accounts/emails";
import { getBalance } from "../credits/ledger";
import { lowBalanceEmailJob } from "../credits/low-balance";

interface LowBalanceDeps {
  db: Executor;
  mail: Mailer;
  publicUrl: string;
}

/**
 * Writes the low-balance email the ledger queued (credits/low-balance.ts) in the account's
 * preferred language, with the balance and the amount as they are when it runs, and a
 * link to buy credit. Nothing is sent when the alert was turned off, the balance is back
 * above the amount, or the account was deleted meanwhile.
 */
export function handleLowBalanceEmails(jobs: JobQueue, deps: LowBalanceDeps): void {
  jobs.handle(lowBalanceEmailJob, {
    retry: { retries: 5, delaySeconds: 20, maxDelaySeconds: 10 * 60 },
    timeoutSeconds: 60,
    describe: (data) => `low balance → ${data.userId}`,
    async run({ userId }) {
      const [row] = await deps.db
        .select({ email: user.email, locale: user.locale, deletedAt: user.deletedAt, alert: spendingSettings.lowBalanceAlertUsd, alerted: spendingSettings.lowBalanceAlerted })
        .from(user)
        .innerJoin(spendingSettings, eq(spendingSettings.userId, user.id))
        .where(eq(user.id, userId));
      if (!row || row.deletedAt || !row.alert || !row.alerted) return;
      const locale = toSupportedLocale(row.locale) ?? DEFAULT_LOCALE;
      const balance = await getBalance(deps.db, userId);
      const message = await renderAccountEmail(deps.db, "low_balance", locale, {
        to: row.email,
        url: `${deps.publicUrl}/${locale}/phone`,
        values: { balance: formatUsd(balance, locale, 2), amount: formatUsd(parseMoney(row.alert), locale, 2) },
      });
      await deps.mail.queue(message);
    },
  });
}
