import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startProcess } from "../scripts/server-process";
import { BUILT_SERVER, expect, testWithOwnServer as test } from "./fixtures";

// The built server and maintenance scripts on plain node, as a production install runs them.

const projectRoot = path.resolve(import.meta.dirname, "..");

/** Runs an npm script of the project the way an operator does, from the project folder. */
function npmRun(script: string, args: string[], env: Record<string, string>) {
  const result = spawnSync("npm", ["run", "--silent", script, "--", ...args], { cwd: projectRoot, env: { ...process.env, ...env }, encoding: "utf8" });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

let folder: string;
test.beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), "dialwise-production-"));
});
test.afterEach(() => rmSync(folder, { recursive: true, force: true }));

test("in production every log line is JSON, the start-up summary and the mail outbox included", async ({ request }) => {
  const server = await startProcess(BUILT_SERVER, { NODE_ENV: "production", LOG_LEVEL: "info", DATA_DIR: folder, DATABASE_URL: "" }, "/readyz");
  try {
    expect((await request.get(`${server.url}/en`)).status()).toBe(200);
    const email = `json-log-${Date.now()}@example.com`;
    const signUp = await request.post(`${server.url}/api/auth/sign-up/email`, {
      data: { email, password: "secret-password", name: "Log Reader" },
      headers: { origin: server.url },
    });
    expect(signUp.status()).toBe(200);
    await expect.poll(() => server.output()).toContain(email);
  } finally {
    await server.stop();
  }
  const entries = server
    .output()
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      expect(() => JSON.parse(line), line).not.toThrow();
      return JSON.parse(line) as Record<string, unknown>;
    });
  expect(entries).toContainEqual(expect.objectContaining({ msg: expect.stringMatching(/^Dialwise is running at /), database: expect.stringContaining("PGlite") }));
  expect(entries).toContainEqual(expect.objectContaining({ msg: "request completed", res: { statusCode: 200 } }));
  expect(entries).toContainEqual(
    expect.objectContaining({ msg: "mail kept in the local outbox (not sent)", kind: "verify_email", links: [expect.stringContaining("/api/auth/verify-email?token=")] }),
  );
});

test("admin:create and rates:import run from the bundle on plain node", () => {
  const env = { DATA_DIR: folder, DATABASE_URL: "", NODE_ENV: "production" };
  const admin = npmRun("admin:create", ["--email", "chief@example.com", "--password", "secret-password"], env);
  expect(admin.output).toContain("Created administrator chief@example.com (email verified).");
  expect(admin.status).toBe(0);

  const rates = npmRun("rates:import", [path.join(projectRoot, "data", "provider-voice-rates.csv")], env);
  expect(rates.output).toMatch(/Imported \d+ deck rows from .*provider-voice-rates\.csv: \d+ countries priced\./);
  expect(rates.status).toBe(0);
});

test("db:backup and db:restore run from the bundle on plain node", () => {
  const env = { DATA_DIR: folder, DATABASE_URL: "", NODE_ENV: "production" };
  expect(npmRun("admin:create", ["--email", "chief@example.com", "--password", "secret-password"], env).status).toBe(0);
  const backup = npmRun("db:backup", [], env);
  expect(backup.output).toMatch(/Backed up the embedded database in .* to .*dialwise-\d{8}-\d{6}Z\.tar\.gz \(\d+ KiB\)\./);
  expect(backup.status).toBe(0);

  const refused = npmRun("db:restore", [], env);
  expect(refused.output).toContain("is not empty:");
  expect(refused.status).toBe(1);
  const restored = npmRun("db:restore", ["--replace"], env);
  expect(restored.output).toMatch(/Restored .*\.tar\.gz into /);
  expect(restored.status).toBe(0);
  expect(npmRun("db:move", ["--help"], env).output).toContain("Usage: npm run db:move -- --to postgres://");
});

test("an earlier version's ./data state moves to ./var on first start, and .env is read under the environment", async ({ request }) => {
  // Run from a folder of its own: the earlier layout (DATA_DIR=./data) with an administrator and a generated secret.
  const earlierEnv = { DATA_DIR: path.join(folder, "data"), DATABASE_URL: "", LOG_LEVEL: "warn" };
  const earlier = await startProcess(BUILT_SERVER, earlierEnv, "/readyz", { cwd: folder });
  await earlier.stop();
  const secret = readFileSync(path.join(folder, "data", "secrets.json"), "utf8");
  const admin = spawnSync(process.execPath, [path.join(projectRoot, "dist", "server", "admin-create.js"), "--email", "kept@example.com", "--password", "secret-password"], {
    cwd: folder,
    env: { ...process.env, ...earlierEnv },
    encoding: "utf8",
  });
  expect(admin.status, admin.stderr).toBe(0);

  // PORT in .env loses to the PORT the environment sets; SUPPORT_LOCATION, which the environment lacks, is taken.
  writeFileSync(path.join(folder, ".env"), 'PORT=1\nSUPPORT_LOCATION="Göteborg, Sweden"\n');
  const server = await startProcess(BUILT_SERVER, { DATA_DIR: "", DATABASE_URL: "", LOG_LEVEL: "info" }, "/readyz", { cwd: folder });
  try {
    expect(server.output()).toMatch(/Moved the embedded database and the generated secrets from .*data to .*var/);
    expect(server.output()).toContain(`configuration: ${path.join(folder, ".env")}`);
    expect(server.output()).toContain(`database: embedded PostgreSQL (PGlite) at ${path.join(folder, "var", "db")}`);
    expect(readFileSync(path.join(folder, "var", "secrets.json"), "utf8")).toBe(secret);
    expect(await (await request.get(`${server.url}/api/site`)).json()).toMatchObject({ supportLocation: "Göteborg, Sweden" });
    const signIn = await request.post(`${server.url}/api/auth/sign-in/email`, {
      data: { email: "kept@example.com", password: "secret-password" },
      headers: { origin: server.url },
    });
    expect(signIn.status()).toBe(200);
  } finally {
    await server.stop();
  }
});
