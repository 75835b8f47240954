import { appTables, rowCounts, tableLabel, type SqlConnection } from "./app-catalog";

/** What a PostgreSQL database already holds of the app: its tables, and those with rows. */
export interface TargetContents {
  tables: string[];
  /** Tables with rows and how many, most rows first. */
  withRows: { table: string; rows: number }[];
}

export async function targetContents(connection: SqlConnection): Promise<TargetContents> {
  const tables = (await appTables(connection)).filter((table) => !table.isPartition);
  const counts = await rowCounts(connection, tables);
  const withRows = [...counts].filter(([, rows]) => rows > 0).map(([table, rows]) => ({ table, rows }));
  withRows.sort((a, b) => b.rows - a.rows || a.table.localeCompare(b.table));
  return { tables: tables.map(tableLabel), withRows };
}

/**
 * Whether the database is empty enough to receive a copy: nothing the app would create is
 * there (`appTableNames`, `schema.name`) and no table of the app's schemas holds a row.
 */
export function isEmptyTarget(contents: TargetContents, appTableNames: ReadonlySet<string>): boolean {
  return contents.withRows.length === 0 && !contents.tables.some((table) => appTableNames.has(table));
}

/** One line per finding, at most `limit` tables named: for the refusal or for what --replace replaces. */
export function describeContents(contents: TargetContents, appTableNames: ReadonlySet<string>, limit = 8): string[] {
  const lines: string[] = [];
  const existing = contents.tables.filter((table) => appTableNames.has(table));
  if (existing.length > 0) lines.push(`  ${existing.length} of the app's tables already exist (${abbreviate(existing, limit)}).`);
  if (contents.withRows.length > 0) {
    const total = contents.withRows.reduce((sum, entry) => sum + entry.rows, 0);
    const named = contents.withRows.map((entry) => `${entry.table}: ${entry.rows}`);
    lines.push(`  ${total} rows in ${contents.withRows.length} tables (${abbreviate(named, limit)}).`);
  }
  return lines;
}

function abbreviate(items: string[], limit: number): string {
  return items.length <= limit ? items.join(", ") : `${items.slice(0, limit).join(", ")} and ${items.length - limit} more`;
}
