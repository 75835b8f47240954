import { loadEnvFile } from "../src/server/env-file";
import { runAdminCreate } from "../src/server/modules/accounts/admin-create-cli";

// npm run admin:create -- --email someone@example.com [--password …]: see runAdminCreate.
loadEnvFile();
const result = await runAdminCreate(process.argv.slice(2), process.env);
(result.exitCode === 0 ? console.log : console.error)(result.output);
process.exitCode = result.exitCode;
