import { sql } from "drizzle-orm";
import type { EventBus } from "../db/bus";
import { queryRows, type DatabaseHandle } from "../db/client";
import { publishUserEvent } from "../modules/events/user-events";
import { eventually } from "./eventually";

/**
 * Two transactions publish an event to the same user at once, and the one that
 * started later tries to commit first: A publishes "first" and stays open; B
 * then publishes "second" and commits as soon as it can; only then does A commit.
 * With ids drawn in publishing order and nothing else, B would commit the higher
 * id first. On PostgreSQL this waits until B has either committed or is seen
 * waiting on a lock; on PGlite's single connection B cannot begin until A ends.
 */
export async function commitOutOfOrder(database: DatabaseHandle, bus: EventBus, userId: string): Promise<{ first: number; second: number }> {
  let letFirstCommit: () => void = () => undefined;
  const firstMayCommit = new Promise<void>((resolve) => (letFirstCommit = resolve));
  let firstPublished: (id: number) => void = () => undefined;
  const firstId = new Promise<number>((resolve) => (firstPublished = resolve));

  const first = database.db.transaction(async (tx) => {
    const id = await publishUserEvent(bus, tx, userId, "cache.invalidate", { queryKey: ["first"] });
    firstPublished(id);
    await firstMayCommit;
    return id;
  });
  await firstId;

  let secondDone = false;
  const second = database.db
    .transaction((tx) => publishUserEvent(bus, tx, userId, "cache.invalidate", { queryKey: ["second"] }))
    .finally(() => (secondDone = true));
  if (database.kind === "postgres") {
    await eventually(
      async () => secondDone || (await waitingForLocks(database)) > 0,
      (settled) => settled,
    );
  }
  letFirstCommit();
  const [firstEvent, secondEvent] = await Promise.all([first, second]);
  return { first: firstEvent, second: secondEvent };
}

async function waitingForLocks(database: DatabaseHandle): Promise<number> {
  const [row] = await queryRows<{ waiting: number }>(
    database.db,
    sql`select count(*)::int as waiting from pg_locks
        where not granted and database = (select oid from pg_database where datname = current_database())`,
  );
  return row?.waiting ?? 0;
}
