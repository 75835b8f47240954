import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES } from "../../../shared/i18n/locales";
import { translations } from "../../db/schema/i18n";
import { runSeeders } from "../../db/seed";
import { engines, openTestDatabase, type TestDatabase } from "../../test/engines";
import { translationsSeeder } from "./seed";

/** A seed folder with one file per language holding the given strings. */
function writeSeed(folder: string, strings: Record<string, string>) {
  for (const language of LOCALES) {
    mkdirSync(path.join(folder, "translations", language), { recursive: true });
    writeFileSync(path.join(folder, "translations", language, "core.json"), JSON.stringify(strings));
  }
}

describe.each(engines)("translations seeding on %s", (engine) => {
  let database: TestDatabase;
  const folder = mkdtempSync(path.join(tmpdir(), "dialwise-seed-"));
  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(folder, { recursive: true, force: true });
  });

  const valueOf = async (key: string) =>
    (await database.db.select().from(translations).where(and(eq(translations.language, "sv"), eq(translations.key, key))))[0]?.value;

  it("updates shipped wording on a new release but keeps what an admin edited", async () => {
    writeSeed(folder, { "a.title": "First", "b.title": "Shipped" });
    await runSeeders(database.db, [translationsSeeder(folder)]);
    await database.db
      .update(translations)
      .set({ value: "Edited by an admin", source: "admin" })
      .where(and(eq(translations.language, "sv"), eq(translations.key, "b.title")));

    writeSeed(folder, { "a.title": "Second", "b.title": "Shipped again", "c.title": "New" });
    expect(await runSeeders(database.db, [translationsSeeder(folder)])).toEqual(["translations"]);
    expect(await valueOf("a.title")).toBe("Second");
    expect(await valueOf("b.title")).toBe("Edited by an admin");
    expect(await valueOf("c.title")).toBe("New");
  });

  it("does nothing when the files have not changed", async () => {
    expect(await runSeeders(database.db, [translationsSeeder(folder)])).toEqual([]);
  });
});
