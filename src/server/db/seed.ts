import { eq, sql } from "drizzle-orm";
import type { Database, Executor } from "./client";
import { seedRuns } from "./schema/meta";
import { quietProgress, type StartupProgress } from "../startup-progress";

export interface Seeder {
  name: string;
  /** What it loads, for the start-up progress: "the rate deck". */
  label: string;
  /** Changes when the seed data changes; an unchanged version is not loaded again. */
  version: string;
  run(db: Executor): Promise<void>;
}

/** The first key of the advisory locks that let one instance at a time load a seeder ("DwSd"). */
const SEED_LOCK = 0x44775364;

/** Runs each seeder whose version has not been loaded yet, each in its own transaction, saying so on `progress`. */
export async function runSeeders(db: Database, seeders: Seeder[], progress: StartupProgress = quietProgress): Promise<string[]> {
  const loaded: string[] = [];
  for (const seeder of seeders) {
    await db.transaction(async (tx) => {
      // Instances starting together on one database: the first loads, the others wait and then find it loaded
      // (a row lock cannot do this on the first start, when there is no row to lock yet).
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK}, hashtext(${seeder.name}))`);
      const [done] = await tx.select().from(seedRuns).where(eq(seedRuns.name, seeder.name)).for("update");
      if (done?.version === seeder.version) return;
      await progress.step(`Loading ${seeder.label}`, () => seeder.run(tx));
      await tx
        .insert(seedRuns)
        .values({ name: seeder.name, version: seeder.version })
        .onConflictDoUpdate({ target: seedRuns.name, set: { version: seeder.version, loadedAt: new Date() } });
      loaded.push(seeder.name);
    });
  }
  return loaded;
}
