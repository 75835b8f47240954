import { quotedName, quoteIdentifier, type AppTable, type SqlConnection } from "./app-catalog";

/**
 * Rows fetched from the source at a time (at first a few, then as many as make about one statement,
 * at most FETCH_ROWS), and the JSON text sent to the target in one statement.
 */
const FIRST_FETCH_ROWS = 16;
const FETCH_ROWS = 2000;
const STATEMENT_CHARS = 4_000_000;

/**
 * Copies one table's rows from the source to the target, inside transactions both callers
 * opened. Each row leaves the source as its JSON text (`row_to_json`, never parsed here, so
 * numerics keep every digit and their scale, timestamps their microseconds) and enters the
 * target through `json_populate_recordset`, which reads every value with its column type's
 * own input function. Identity values are written as they were (`overriding system value`).
 * A table whose foreign key points to itself goes in one statement, which PostgreSQL checks
 * as a whole. Answers the rows copied.
 */
export async function copyRows(source: SqlConnection, target: SqlConnection, table: AppTable, options: { selfReferencing: boolean }): Promise<number> {
  const name = quotedName(table);
  const columns = table.columns.map(quoteIdentifier).join(", ");
  const insert = `insert into ${name} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${name}, $1::json)`;
  let pending: string[] = [];
  let pendingChars = 0;
  let copied = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    await target.query(insert, [`[${pending.join(",")}]`]);
    copied += pending.length;
    pending = [];
    pendingChars = 0;
  };
  await source.query(`declare moving_rows no scroll cursor for select row_to_json(t)::text as row from ${name} t`);
  try {
    // Rows as large as blog covers (megabytes of hex each): fewer at a time, so one fetch stays near one statement's size.
    let batch = FIRST_FETCH_ROWS;
    for (;;) {
      const rows = await source.query<{ row: string }>(`fetch ${batch} from moving_rows`);
      let fetchedChars = 0;
      for (const { row } of rows) {
        pending.push(row);
        pendingChars += row.length;
        fetchedChars += row.length;
        if (!options.selfReferencing && pendingChars >= STATEMENT_CHARS) await flush();
      }
      if (rows.length < batch) break;
      batch = Math.max(1, Math.min(FETCH_ROWS, Math.floor((STATEMENT_CHARS * rows.length) / Math.max(1, fetchedChars))));
    }
  } finally {
    await source.query("close moving_rows");
  }
  await flush();
  return copied;
}
