import { loadEnvFile } from "../src/server/env-file";
import { runDbMove } from "../src/server/db/moving/move-cli";

// npm run db:move -- --to postgres://…: see runDbMove.
loadEnvFile();
const result = await runDbMove(process.argv.slice(2), process.env);
(result.exitCode === 0 ? console.log : console.error)(result.output);
process.exitCode = result.exitCode;
