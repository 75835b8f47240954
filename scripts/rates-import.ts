import { loadEnvFile } from "../src/server/env-file";
import { runRatesImport } from "../src/server/modules/rates/import-cli";

// npm run rates:import -- FILE: see runRatesImport.
loadEnvFile();
const result = await runRatesImport(process.argv.slice(2), process.env);
(result.exitCode === 0 ? console.log : console.error)(result.output);
process.exitCode = result.exitCode;
