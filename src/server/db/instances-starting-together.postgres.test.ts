import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "../app";
import { loadConfig } from "../config";
import { fastTestPasswordHasher } from "../test/fast-password-hash";
import { databaseUrlFor, withAdminClient } from "../test/postgres-admin";
import { queryRows } from "./client";

const adminUrl = process.env.TEST_DATABASE_URL;

// Only PostgreSQL is shared by several instances (the embedded database belongs to one process).
describe("three instances starting together on an empty PostgreSQL database", () => {
  const name = `dialwise_together_${randomBytes(4).toString("hex")}`;
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await withAdminClient(adminUrl!, (client) => client.query(`drop database if exists ${name} with (force)`));
  });

  it("migrate once and load each seed once, whichever comes first", async () => {
    await withAdminClient(adminUrl!, (client) => client.query(`create database ${name}`));
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
      DATABASE_URL: databaseUrlFor(adminUrl!, name),
    });
    const started = await Promise.allSettled(
      [1, 2, 3].map(() => createServer(config, { webRoot: false, logger: false, callWatch: false, passwordHasher: fastTestPasswordHasher })),
    );
    for (const result of started) if (result.status === "fulfilled") servers.push(result.value);
    expect(started.map((result) => (result.status === "rejected" ? String(result.reason) : "started"))).toEqual(["started", "started", "started"]);

    const db = servers[0]!.database.db;
    const migrations = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
    const files = await queryRows<{ count: number }>(db, sql`select count(distinct hash)::int as count from drizzle.__drizzle_migrations`);
    expect(migrations[0]!.count).toBe(files[0]!.count);
    // Each seeder loaded its data once: the rate deck's countries and the English strings have no doubles.
    const doubled = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from (select country_code from country_rates group by country_code having count(*) > 1) as doubles`,
    );
    expect(doubled[0]!.count).toBe(0);
    const countries = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from country_rates`);
    expect(countries[0]!.count).toBeGreaterThan(200);
  });
});
