import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";

/**
 * The schemas the app owns in its database: its own tables (`public`), the record of applied
 * migrations (`drizzle`) and the job queue's (`pgboss`, pg-boss's own). Moving, checking or
 * describing a database means these, and nothing else a database may also hold.
 */
export const APP_SCHEMAS = ["public", "drizzle", "pgboss"] as const;

/** Raw SQL on one connection of either engine, rows as the engine answers them (we cast to text where it matters). */
export interface SqlConnection {
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
}

export const pgliteConnection = (client: PGlite): SqlConnection => ({
  query: async <Row>(text: string, params?: unknown[]) => (await client.query<Row>(text, params)).rows,
});

export const pgConnection = (client: pg.Client | pg.PoolClient): SqlConnection => ({
  query: async <Row>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as Row[],
});

/** A table's name as SQL writes it: `"schema"."name"`. */
export function quotedName(table: { schema: string; name: string }): string {
  return `${quoteIdentifier(table.schema)}.${quoteIdentifier(table.name)}`;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** `schema.name`, for people. */
export const tableLabel = (table: { schema: string; name: string }) => `${table.schema}.${table.name}`;

export interface AppTable {
  schema: string;
  name: string;
  /** A partition of another table (pg-boss keeps one per queue): its rows are written through its parent. */
  isPartition: boolean;
  /** The columns a row is written with, in table order: generated columns are left to the database. */
  columns: string[];
}

/** Every table (plain or partitioned) in the app's schemas, in a stable order. */
export async function appTables(connection: SqlConnection): Promise<AppTable[]> {
  const rows = await connection.query<{ schema: string; name: string; is_partition: boolean; columns: string[] | null }>(
    `select n.nspname as schema, c.relname as name, c.relispartition as is_partition,
            array(select a.attname::text from pg_attribute a
                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                   order by a.attnum) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname = any($1::text[])
      order by n.nspname, c.relname`,
    [APP_SCHEMAS],
  );
  return rows.map((row) => ({ schema: row.schema, name: row.name, isPartition: row.is_partition, columns: row.columns ?? [] }));
}

export interface ForeignKey {
  from: string;
  to: string;
  deferrable: boolean;
}

/** The foreign keys between the app's tables, by `schema.name`. */
export async function foreignKeys(connection: SqlConnection): Promise<ForeignKey[]> {
  const rows = await connection.query<{ from_schema: string; from_name: string; to_schema: string; to_name: string; deferrable: boolean }>(
    `select fn.nspname as from_schema, f.relname as from_name, tn.nspname as to_schema, t.relname as to_name, k.condeferrable as deferrable
       from pg_constraint k
       join pg_class f on f.oid = k.conrelid join pg_namespace fn on fn.oid = f.relnamespace
       join pg_class t on t.oid = k.confrelid join pg_namespace tn on tn.oid = t.relnamespace
      where k.contype = 'f' and fn.nspname = any($1::text[]) and k.conparentid = 0`,
    [APP_SCHEMAS],
  );
  return rows.map((row) => ({ from: `${row.from_schema}.${row.from_name}`, to: `${row.to_schema}.${row.to_name}`, deferrable: row.deferrable }));
}

/**
 * The tables in an order where every table comes after the tables its (not deferrable)
 * foreign keys point to, so rows can be written one table after another with every
 * constraint checked as it goes. A cycle would need deferred constraints; the app has none.
 */
export function foreignKeyOrder<Table extends { schema: string; name: string }>(tables: Table[], keys: ForeignKey[]): Table[] {
  const byLabel = new Map(tables.map((table) => [tableLabel(table), table]));
  const ordered: Table[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (label: string, path: string[]) => {
    if (state.get(label) === "done") return;
    if (state.get(label) === "visiting") throw new Error(`the foreign keys of ${[...path, label].join(" → ")} form a cycle`);
    state.set(label, "visiting");
    for (const key of keys) {
      if (key.from === label && key.to !== label && !key.deferrable && byLabel.has(key.to)) visit(key.to, [...path, label]);
    }
    state.set(label, "done");
    const table = byLabel.get(label);
    if (table) ordered.push(table);
  };
  for (const label of byLabel.keys()) visit(label, []);
  return ordered;
}

export interface SequenceState {
  schema: string;
  name: string;
  lastValue: string;
  isCalled: boolean;
}

/** Where every sequence of the app's schemas stands (serial and identity columns included). */
export async function sequenceStates(connection: SqlConnection): Promise<SequenceState[]> {
  const names = await connection.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and n.nspname = any($1::text[]) order by n.nspname, c.relname`,
    [APP_SCHEMAS],
  );
  const states: SequenceState[] = [];
  for (const sequence of names) {
    const [row] = await connection.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text as last_value, is_called from ${quotedName(sequence)}`,
    );
    if (row) states.push({ ...sequence, lastValue: row.last_value, isCalled: row.is_called });
  }
  return states;
}

/** Each table's row count, by `schema.name` (a partitioned table counts its partitions' rows). */
export async function rowCounts(connection: SqlConnection, tables: readonly { schema: string; name: string }[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const [row] = await connection.query<{ rows: string }>(`select count(*)::text as rows from ${quotedName(table)}`);
    counts.set(tableLabel(table), Number(row?.rows ?? 0));
  }
  return counts;
}
