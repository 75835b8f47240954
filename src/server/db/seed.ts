import { eq } from "drizzle-orm";
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

/** Runs each seeder whose version has not been loaded yet, each in its own transaction, saying so on `progress`. */
export async function runSeeders(db: Database, seeders: Seeder[], progress: StartupProgress = quietProgress): Promise<string[]> {
  const loaded: string[] = [];
  for (const seeder of seeders) {
    await db.transaction(async (tx) => {
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
