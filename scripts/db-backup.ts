import { loadEnvFile } from "../src/server/env-file";
import { runDbBackup } from "../src/server/db/backups/backup-cli";

// npm run db:backup: see runDbBackup.
loadEnvFile();
const result = await runDbBackup(process.argv.slice(2), process.env);
(result.exitCode === 0 ? console.log : console.error)(result.output);
process.exitCode = result.exitCode;
