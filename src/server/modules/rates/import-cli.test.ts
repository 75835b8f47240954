import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { SEED_DIR } from "../../app";
import { openDatabase } from "../../db/client";
import { dataDirHolder, LOCK_FILE_NAME } from "../../db/data-dir-lock";
import { auditLog } from "../../db/schema/audit";
import { countryRates } from "../../db/schema/rates";
import { engines } from "../../test/engines";
import { startTestServer } from "../../test/test-server";
import { runRatesImport } from "./import-cli";
import { SEED_DECK_FILE } from "./seed";

const shippedDeck = readFileSync(path.join(SEED_DIR, SEED_DECK_FILE), "utf8");
const cheaperGermany = shippedDeck.replace("DE,Germany,Standard,0.01740,", "DE,Germany,Standard,0.01000,");

describe("npm run rates:import on the embedded database", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dialwise-import-"));
  const deckFile = path.join(dataDir, "new-deck.csv");
  const badFile = path.join(dataDir, "bad-deck.csv");
  writeFileSync(deckFile, cheaperGermany);
  writeFileSync(badFile, `${shippedDeck}DE,Germany,Standard,free,49\r\n`);
  const env = { DATA_DIR: dataDir, LOG_LEVEL: "silent" };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("explains its usage without a file", async () => {
    expect(await runRatesImport([], env)).toEqual({ exitCode: 2, output: expect.stringContaining("Usage: npm run rates:import -- FILE.csv") });
  });

  it("refuses while a server holds the data folder", async () => {
    writeFileSync(path.join(dataDir, LOCK_FILE_NAME), `${process.ppid}\nthe Dialwise server\n2026-01-01T00:00:00.000Z\n`);
    const result = await runRatesImport(["--", deckFile], env);
    expect(result.exitCode).toBe(1);
    expect(result.output).toMatch(/The Dialwise server \(pid \d+.*stop it first/);
    rmSync(path.join(dataDir, LOCK_FILE_NAME));
  });

  // An on-disk PGlite boots slowly when the other test workers are busy.
  it("imports a deck, audited without an actor, and frees the folder", { timeout: 60_000 }, async () => {
    const result = await runRatesImport([deckFile], env);
    expect(result).toEqual({ exitCode: 0, output: expect.stringContaining(`deck rows from ${deckFile}`) });
    expect(dataDirHolder(dataDir)).toBeNull();
    const database = await openDatabase({ dataDir });
    try {
      const [germany] = await database.db.select().from(countryRates).where(eq(countryRates.countryCode, "DE"));
      expect(germany?.ourCheapestRate).toBe("0.0190");
      const [audit] = await database.db.select().from(auditLog);
      expect(audit).toMatchObject({ action: "rate_deck.import", actorUserId: null });
      expect(audit?.after).toMatchObject({ source: "new-deck.csv" });
    } finally {
      await database.close();
    }
  });

  it("lists rejected lines and imports nothing", async () => {
    const result = await runRatesImport([badFile], env);
    expect(result.exitCode).toBe(1);
    expect(result.output).toMatch(/Nothing was imported: 1 line\(s\).*\n {2}line \d+: price is not a decimal/);
  });
});

// With PostgreSQL the import runs beside a live server, which rebuilds its prices from the bus.
describe.each(engines.filter((engine) => engine === "postgres"))("npm run rates:import beside a running server on %s", (engine) => {
  it("changes the running server's prices", async () => {
    const server = await startTestServer(engine);
    const dir = mkdtempSync(path.join(tmpdir(), "dialwise-import-"));
    try {
      const deckFile = path.join(dir, "deck.csv");
      writeFileSync(deckFile, cheaperGermany);
      const result = await runRatesImport([deckFile], { DATABASE_URL: server.database.location, LOG_LEVEL: "silent" });
      expect(result.exitCode).toBe(0);
      // The server hears the import on the bus and rebuilds: wait for that, not for a time.
      await vi.waitFor(
        async () => {
          const response = await server.app.inject({ method: "POST", url: "/api/rates/lookup", payload: { number: "+4930123456" } });
          expect(response.json().rate).toBe("0.0190");
        },
        { timeout: 5000, interval: 25 },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await server.close();
    }
  });
});
