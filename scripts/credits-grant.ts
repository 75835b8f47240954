import { loadEnvFile } from "../src/server/env-file";
import { runCreditsGrant } from "../src/server/modules/credits/grant-cli";

// npm run credits:grant -- --email someone@example.com --amount 5 --reason "…": see runCreditsGrant.
loadEnvFile();
const result = await runCreditsGrant(process.argv.slice(2), process.env);
(result.exitCode === 0 ? console.log : console.error)(result.output);
process.exitCode = result.exitCode;
