import { loadEnvFile } from "../src/server/env-file";
import { runDbRestore } from "../src/server/db/backups/backup-cli";

// npm run db:restore: see runDbRestore.
loadEnvFile();
const result = await runDbRestore(process.argv.slice(2), process.env);
(result.exitCode === 0 ? console.log : console.error)(result.output);
process.exitCode = result.exitCode;
