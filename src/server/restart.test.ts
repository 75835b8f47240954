import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createServer } from "./app";
import { loadConfig } from "./config";
import { translations } from "./db/schema/i18n";

describe("a restart on the embedded database", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dialwise-restart-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });

  it("keeps every row, keeps its generated secret, and does not reseed over edits", async () => {
    const first = await createServer(config, { webRoot: false, logger: false });
    const secret = JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8")).authSecret;
    expect(secret).toHaveLength(43);
    await first.database.db.update(translations).set({ value: "Edited by an admin", source: "admin" }).where(eq(translations.key, "hero.title"));
    await first.close();

    const second = await createServer(config, { webRoot: false, logger: false });
    const [row] = await second.database.db.select().from(translations).where(eq(translations.key, "hero.title")).limit(1);
    expect(row?.value).toBe("Edited by an admin");
    expect(JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8")).authSecret).toBe(secret);
    await second.close();
    // Two embedded databases booted, migrated and seeded one after the other: a minute or more on a busy machine.
  }, 120_000);
});
