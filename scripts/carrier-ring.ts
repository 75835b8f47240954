import { loadEnvFile } from "../src/server/env-file";
import { runCarrierRing } from "../src/server/providers/telephony/local/ring-cli";

// npm run carrier:ring -- --email someone@example.com [--from +14155550100]: see runCarrierRing.
loadEnvFile();
const result = await runCarrierRing(process.argv.slice(2), process.env);
(result.exitCode === 0 ? console.log : console.error)(result.output);
process.exitCode = result.exitCode;
