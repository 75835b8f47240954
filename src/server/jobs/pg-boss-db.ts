import type { PGlite } from "@electric-sql/pglite";
import type PgBoss from "pg-boss";

/**
 * pg-boss talks to a database through `executeSql(text, values)`; this gives it our embedded PGlite.
 * PGlite runs one statement per `query()`; pg-boss's schema set-up is a multi-statement block without values.
 */
export function pgliteDb(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (values?.length) return { rows: (await client.query(text, values)).rows };
      try {
        const results = await client.exec(text);
        return { rows: results.flatMap((result) => result.rows) };
      } catch (error) {
        // One connection for everything: a block that failed between its BEGIN and COMMIT
        // must not leave the connection in an aborted transaction for the next statement.
        await client.query("rollback").catch(() => undefined);
        throw error;
      }
    },
  };
}
