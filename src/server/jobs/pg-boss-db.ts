import type { PGlite } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { Executor } from "../db/client";

/**
 * pg-boss talks to a database through `executeSql(text, values)` with `$n` placeholders.
 * These two adapters give it our embedded PGlite, and our Drizzle executor (so a
 * statement joins the caller's transaction on either engine).
 */

/** PGlite runs one statement per `query()`; pg-boss's schema set-up is a multi-statement block without values. */
export function pgliteDb(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (values?.length) return { rows: (await client.query(text, values)).rows };
      const results = await client.exec(text);
      return { rows: results.flatMap((result) => result.rows) };
    },
  };
}

/** Runs pg-boss's statement through `executor`, each `$n` bound as a parameter (never spliced into the text). */
export function executorDb(executor: Executor): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      return (await executor.execute(bindPlaceholders(text, values))) as { rows: unknown[] };
    },
  };
}

export function bindPlaceholders(text: string, values: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    const index = Number(match[1]) - 1;
    if (index < 0 || index >= values.length) throw new Error(`pg-boss statement refers to $${match[1]} of ${values.length} values`);
    // sql.param binds the value whole: an array stays one array parameter (a bare value in sql`` would be spread).
    chunks.push(sql.raw(text.slice(last, match.index)), sql`${sql.param(values[index])}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}
