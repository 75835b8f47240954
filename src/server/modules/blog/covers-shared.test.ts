import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { blogCovers } from "../../db/schema/blog";
import { everyEngine, openTestDatabase, type Engine, type TestDatabase } from "../../test/engines";
import { buildUser } from "../../test/factories";
import { startTestServerOn, type TestServer } from "../../test/test-server";

/** The first bytes that make each kind of image, followed by filler of the test's choosing. */
const png = (fill: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(96, fill)]);
const jpeg = (fill: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(96, fill)]);
/** The name a cover is served under: its content's SHA-256, 32 hex digits, and the type's extension. */
const nameOf = (bytes: Buffer, extension: string) => `${createHash("sha256").update(bytes).digest("hex").slice(0, 32)}.${extension}`;

/** What an instance answered for a cover before they lived in the database (a file on its disk). */
const SERVED_HEADERS = { "cache-control": "public, max-age=31536000, immutable", "x-content-type-options": "nosniff" };

/**
 * Blog covers as a deployment of several instances serves them: each instance has its own data
 * folder, and all of them one database. A cover uploaded through one is served by every other.
 */
describe.each(everyEngine)("blog covers across instances on %s", (engine: Engine) => {
  const folders: string[] = [];
  const servers: TestServer[] = [];
  let shared: TestDatabase | null = null;

  const dataFolder = () => {
    const folder = mkdtempSync(path.join(tmpdir(), "dialwise-covers-"));
    folders.push(folder);
    return folder;
  };
  /**
   * An instance with its own data folder on the test's one database. On PostgreSQL each has pools of its
   * own and they run together; the embedded database is one process's, so there the one before stops first.
   */
  const startInstance = async (dataDir: string) => {
    shared ??= await openTestDatabase(engine, "prepared");
    if (engine === "pglite") await servers.at(-1)?.close();
    const database = shared.url ? await openDatabase({ databaseUrl: shared.url }) : shared;
    const server = await startTestServerOn(database, database === shared ? async () => undefined : () => database.close(), { DATA_DIR: dataDir });
    servers.push(server);
    return server;
  };
  const coverRow = (name: string) => shared!.db.select().from(blogCovers).where(eq(blogCovers.name, name));

  afterEach(async () => {
    // On the embedded database all but the last were closed already, as the next one started.
    for (const server of engine === "pglite" ? servers.slice(-1) : servers) await server.close();
    servers.length = 0;
    await shared?.destroy();
    shared = null;
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it("serves a cover uploaded through one instance from another, with the same headers, and nothing for names no cover has", { timeout: 120_000 }, async () => {
    const first = await startInstance(dataFolder());
    const admin = await buildUser(first, { role: "admin" });
    const bytes = png(11);
    const uploaded = await first.app.inject({ method: "POST", url: "/api/admin/blog/covers", headers: { "content-type": "image/png", cookie: admin.cookie }, payload: bytes });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const cover = `/uploads/blog/${nameOf(bytes, "png")}`;
    expect(uploaded.json()).toEqual({ cover });
    expect((await first.app.inject(cover)).rawPayload.equals(bytes)).toBe(true);

    const secondFolder = dataFolder();
    const second = await startInstance(secondFolder);
    for (const method of ["GET", "HEAD"] as const) {
      const served = await second.app.inject({ method, url: cover });
      expect(served.statusCode, `${method} ${served.body}`).toBe(200);
      expect(served.headers).toMatchObject({ ...SERVED_HEADERS, "content-type": "image/png", "content-length": String(bytes.length) });
      expect(served.headers.etag).toBeUndefined();
      expect(served.rawPayload.equals(method === "GET" ? bytes : Buffer.alloc(0))).toBe(true);
    }
    // The bytes are the database's, not a file the second instance was given.
    expect(existsSync(path.join(secondFolder, "uploads"))).toBe(false);
    const [row] = await coverRow(nameOf(bytes, "png"));
    expect(row).toMatchObject({ contentType: "image/png", size: bytes.length });
    expect(Buffer.from(row!.bytes).equals(bytes)).toBe(true);

    // A name of the right shape that no cover has, and one of a type never given out, are 404 on every instance.
    for (const url of [`/uploads/blog/${nameOf(png(99), "png")}`, `/uploads/blog/${nameOf(bytes, "gif")}`]) {
      for (const method of ["GET", "HEAD"] as const) {
        const missing = await second.app.inject({ method, url });
        expect(missing.statusCode, `${method} ${url}`).toBe(404);
        expect(missing.headers["content-type"]).toBe("text/plain; charset=utf-8");
      }
    }
  });

  it("moves the covers an earlier version left in an instance's folder into the database at start, and again harmlessly from another's", { timeout: 120_000 }, async () => {
    const kept = png(21);
    const photo = jpeg(22);
    const misnamed = png(23);
    const notAnImage = Buffer.from("<svg onload=alert(1)>");
    const firstFolder = dataFolder();
    const firstCovers = path.join(firstFolder, "uploads", "blog");
    mkdirSync(firstCovers, { recursive: true });
    writeFileSync(path.join(firstCovers, nameOf(kept, "png")), kept);
    writeFileSync(path.join(firstCovers, nameOf(photo, "jpg")), photo);
    // Neither is a cover under its own name: both stay where they are, and neither is served.
    writeFileSync(path.join(firstCovers, nameOf(png(24), "png")), misnamed);
    writeFileSync(path.join(firstCovers, nameOf(notAnImage, "png")), notAnImage);

    const first = await startInstance(firstFolder);
    for (const [bytes, name, type] of [
      [kept, nameOf(kept, "png"), "image/png"],
      [photo, nameOf(photo, "jpg"), "image/jpeg"],
    ] as const) {
      const served = await first.app.inject(`/uploads/blog/${name}`);
      expect(served.statusCode, name).toBe(200);
      expect(served.headers).toMatchObject({ ...SERVED_HEADERS, "content-type": type });
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
    for (const name of [nameOf(png(24), "png"), nameOf(notAnImage, "png")]) expect((await first.app.inject(`/uploads/blog/${name}`)).statusCode, name).toBe(404);
    expect(readdirSync(firstCovers).sort()).toEqual([nameOf(png(24), "png"), nameOf(notAnImage, "png")].sort());

    // Another instance's folder holds a cover the first already moved, and one of its own.
    const own = jpeg(25);
    const secondFolder = dataFolder();
    const secondCovers = path.join(secondFolder, "uploads", "blog");
    mkdirSync(secondCovers, { recursive: true });
    writeFileSync(path.join(secondCovers, nameOf(kept, "png")), kept);
    writeFileSync(path.join(secondCovers, nameOf(own, "jpg")), own);
    const second = await startInstance(secondFolder);
    for (const [bytes, name] of [
      [kept, nameOf(kept, "png")],
      [own, nameOf(own, "jpg")],
    ] as const) {
      const served = await second.app.inject(`/uploads/blog/${name}`);
      expect(served.statusCode, name).toBe(200);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      expect(await coverRow(name)).toHaveLength(1);
    }
    // Everything in it moved: the earlier layout's folders are gone.
    expect(existsSync(path.join(secondFolder, "uploads"))).toBe(false);
  });
});
