import { ConfigError, loadConfig } from "../../config";
import { openDatabase } from "../../db/client";
import { claimDataDir, DataDirLockedError } from "../../db/data-dir-lock";
import { moveEarlierRuntimeState } from "../../earlier-data-folder";
import { createOrPromoteAdmin } from "./admin-create";
import { emailOption, parseCliOptions, type CliResult } from "../../cli-arguments";

const USAGE = [
  "Usage: npm run admin:create -- --email someone@example.com [--password PASSWORD]",
  "  Creates an administrator with a verified email, or makes an existing account one.",
  "  Without --password a new account gets a generated password, printed once;",
  "  an existing account keeps its password.",
].join("\n");


/**
 * `npm run admin:create`: on the embedded database it refuses while the server
 * (or another script) holds the data folder; on PostgreSQL it runs alongside.
 */
export async function runAdminCreate(args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  const parsed = parseCliOptions(args, { email: { type: "string" }, password: { type: "string" } }, USAGE);
  if ("result" in parsed) return parsed.result;
  const { values } = parsed;
  const checked = emailOption(values["email"], USAGE);
  if ("result" in checked) return checked.result;
  const { email } = checked;
  const password = values["password"];
  if (password !== undefined && (password.length < 6 || password.length > 128)) {
    return { exitCode: 2, output: "The password must be 6 to 128 characters long." };
  }

  let release: (() => void) | null = null;
  try {
    const config = loadConfig(env);
    const moved = moveEarlierRuntimeState({ dataDir: config.dataDir }).map((note) => note.message);
    if (!config.databaseUrl) release = claimDataDir(config.dataDir, "an admin:create run (npm run admin:create)");
    const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
    try {
      const result = await createOrPromoteAdmin(database.db, { email, ...(password === undefined ? {} : { password }) });
      const lines = [
        ...moved,
        result.outcome === "created" ? `Created administrator ${email.toLowerCase()} (email verified).` : `${email.toLowerCase()} is now an administrator (email verified).`,
      ];
      if (result.generatedPassword) {
        lines.push(`One-time password: ${result.generatedPassword}`, "  It is shown only now. Sign in and change it on the profile page.");
      } else if (result.passwordSet) lines.push("The password you gave is set.");
      else lines.push("The existing password is unchanged.");
      return { exitCode: 0, output: lines.join("\n") };
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
