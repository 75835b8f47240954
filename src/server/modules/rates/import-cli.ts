import { readFileSync } from "node:fs";
import path from "node:path";
import type { RateImportReport } from "../../../shared/api/admin-rates";
import { ConfigError, loadConfig } from "../../config";
import { createEventBus } from "../../db/bus";
import { openDatabase } from "../../db/client";
import { claimDataDir, DataDirLockedError } from "../../db/data-dir-lock";
import { moveEarlierRuntimeState } from "../../earlier-data-folder";
import { AppError } from "../../http/app-error";
import { commitRateImport, previewRateImport } from "./import-service";

export interface CliResult {
  exitCode: number;
  output: string;
}

const USAGE = "Usage: npm run rates:import -- FILE.csv\n  FILE.csv: the carrier deck with columns iso,country,line_type,usd_per_min,destination_prefixes";
const SHOWN_LINES = 20;

function describeReport(file: string, report: RateImportReport): string {
  const lines = [
    `Imported ${report.deckRows} deck rows from ${file}: ${report.countries} countries priced.`,
    `  ${report.added.length} added, ${report.removed.length} removed, ${report.repriced.length} re-priced, ${report.unchanged} unchanged; ${report.keptOverrides.length} admin price(s) kept.`,
  ];
  for (const item of report.added.slice(0, SHOWN_LINES)) lines.push(`  + ${item.code} ${item.name}: ${item.after.cheapest}-${item.after.mostExpensive}`);
  for (const item of report.removed.slice(0, SHOWN_LINES)) lines.push(`  - ${item.code} ${item.name} (no longer priced by the deck)`);
  for (const item of report.repriced.slice(0, SHOWN_LINES)) {
    lines.push(`  ~ ${item.code} ${item.name}: ${item.before.cheapest}-${item.before.mostExpensive} -> ${item.after.cheapest}-${item.after.mostExpensive}`);
  }
  return lines.join("\n");
}

function describeRejected(file: string, report: RateImportReport): string {
  const lines = [`Nothing was imported: ${report.rejected.length} line(s) of ${file} could not be read. Fix them and run the import again.`];
  for (const item of report.rejected.slice(0, SHOWN_LINES)) lines.push(`  line ${item.line}: ${item.reason}`);
  if (report.rejected.length > SHOWN_LINES) lines.push(`  … and ${report.rejected.length - SHOWN_LINES} more`);
  if (report.deckRows === 0 && report.rejected.length === 0) lines[0] = `Nothing was imported: ${file} holds no rate rows.`;
  return lines.join("\n");
}

/**
 * `npm run rates:import -- FILE`: the same import the admin page commits (overrides
 * kept, audited with no actor, announced on the bus so running servers on the same
 * PostgreSQL rebuild their rates). On the embedded database it refuses while a
 * server holds the data folder.
 */
export async function runRatesImport(args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  const file = args.find((arg) => arg !== "--");
  if (file === undefined) return { exitCode: 2, output: USAGE };
  let csv: string;
  try {
    csv = readFileSync(file, "utf8");
  } catch (error) {
    return { exitCode: 1, output: `Cannot read ${file}: ${(error as Error).message}` };
  }

  let release: (() => void) | null = null;
  try {
    const config = loadConfig(env);
    const moved = moveEarlierRuntimeState({ dataDir: config.dataDir }).map((note) => `${note.message}\n`).join("");
    if (!config.databaseUrl) release = claimDataDir(config.dataDir, "a rates import (npm run rates:import)");
    const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
    try {
      const preview = await previewRateImport(database.db, csv);
      if (!preview.canCommit) return { exitCode: 1, output: moved + describeRejected(file, preview) };
      // Only publishes (inside the import's transaction); what it hears does not matter here.
      const bus = await createEventBus(database.db, database.listen, () => undefined);
      try {
        const report = await commitRateImport({ db: database.db, bus, actorUserId: null, source: path.basename(file) }, csv);
        return { exitCode: 0, output: moved + describeReport(file, report) };
      } finally {
        await bus.close();
      }
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof ConfigError || error instanceof AppError) return { exitCode: 1, output: error.message };
    throw error;
  } finally {
    release?.();
  }
}
