import { openDatabase, type DatabaseHandle } from "../db/client";
import { openTestDatabase, type Engine, type TestDatabase } from "./engines";
import { startTestServerOn, type TestServer } from "./test-server";

export interface TwoInstances {
  /** On its own connection pool to the shared database, as another process would be. */
  first: TestServer;
  /** On the test database's own handle. */
  second: TestServer;
  close(): Promise<void>;
}

/** Two whole servers on one prepared PostgreSQL database, as two instances of a deployment (PGlite cannot be shared). */
export async function startTwoInstances(engine: Engine): Promise<TwoInstances> {
  const shared: TestDatabase = await openTestDatabase(engine, "prepared");
  const second = await startTestServerOn(shared, async () => undefined);
  const firstDatabase: DatabaseHandle = await openDatabase({ databaseUrl: shared.url! });
  const first = await startTestServerOn(firstDatabase, () => firstDatabase.close());
  return {
    first,
    second,
    async close() {
      await first.close();
      await second.close();
      await shared.destroy();
    },
  };
}
