import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A database of its own on the PostgreSQL server at `adminUrl`, named `<prefix>_<random>` so
 * no other run meets it, handed to `use` by URL and dropped afterwards, whatever happened.
 */
export async function withBenchDatabase<T>(adminUrl: string, prefix: string, use: (databaseUrl: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await use(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
