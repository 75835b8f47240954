import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openingStep } from "./db/opening-step";
import { printedProgress } from "./startup-progress";
import { openTestDatabase } from "./test/engines";
import { startTestServerOn, type TestServer } from "./test/test-server";

const webRoot = mkdtempSync(path.join(tmpdir(), "dialwise-start-up-"));
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

// `npm start` on a first start: the web app is still being built while the server prepares the database.
describe("start-up beside the web app's build", () => {
  let server: TestServer | undefined;
  afterAll(async () => server?.close());

  // A whole server start with its seed data: as slow as a test server's start-up (the hook timeout).
  it("says what it does, waits for the build, then serves the pages it built", { timeout: 60_000 }, async () => {
    const lines: string[] = [];
    let finishBuild = () => {};
    const webAppBuilt = new Promise<void>((resolve) => (finishBuild = resolve));
    const progress = printedProgress({
      json: false,
      write(line) {
        lines.push(line);
        // The build ends only once the server says it waits for it, as a slow build would.
        if (line === "Waiting for the web app's build…") {
          writeFileSync(path.join(webRoot, "index.html"), '<!doctype html><html lang="en"><head><title>Dialwise</title></head><body><div id="root"></div></body></html>');
          finishBuild();
        }
      },
    });
    // A database as a new deployment finds it (migrated, nothing loaded yet), so the seeders have work to announce.
    const database = await openTestDatabase("pglite");
    server = await startTestServerOn(database, () => database.destroy(), {}, { webRoot, ssrEntry: false, progress, webAppBuilt });

    expect(lines.map((line) => line.replace(/ in \d+\.\d s\.$/, " in N s."))).toEqual([
      "Loading the translations…",
      "Loaded the translations in N s.",
      "Loading the rate deck…",
      "Loaded the rate deck in N s.",
      "Loading the guides…",
      "Loaded the guides in N s.",
      "Waiting for the web app's build…",
      "Waited for the web app's build in N s.",
      "Starting the job queue…",
      "Started the job queue in N s.",
    ]);
    expect(server.servesWebApp).toBe(true);
    const page = await server.app.inject("/en");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });
});

describe("the database step's name", () => {
  it("tells creating the embedded database from opening it and from connecting to a server", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "dialwise-data-"));
    try {
      expect(openingStep({ dataDir })).toBe(`Creating the embedded database at ${path.join(dataDir, "db")}`);
      mkdirSync(path.join(dataDir, "db"));
      writeFileSync(path.join(dataDir, "db", "PG_VERSION"), "17\n");
      expect(openingStep({ dataDir })).toBe(`Opening the embedded database at ${path.join(dataDir, "db")}`);
      expect(openingStep({ databaseUrl: "postgres://db.example/dialwise" })).toBe("Connecting to PostgreSQL and applying migrations");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
