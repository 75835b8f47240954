import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminBlogPost, BlogPost, BlogPostSummary } from "../../../shared/api/blog";
import { auditLog } from "../../db/schema/audit";
import { engines } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";

const INDEX = "<!doctype html><html><head><title>Dialwise</title></head><body><div id=\"root\"></div></body></html>";

/** The first bytes that make each kind of image, followed by filler. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 3)]);
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x40, 0, 0, 0]), Buffer.from("WEBPVP8 "), Buffer.alloc(64, 5)]);
const GIF = Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(64, 1)]);

/** The back office's posts: slug rules, what publishing shows and hides, cover uploads, the audit trail and who may do any of it. */
describe.each(engines)("blog administration on %s", (engine) => {
  let server: TestServer;
  let admin: TestUser;
  let customer: TestUser;
  let dataDir: string;
  let webRoot: string;
  let serial = 0;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "dialwise-blog-data-"));
    webRoot = mkdtempSync(path.join(tmpdir(), "dialwise-blog-web-"));
    mkdirSync(path.join(webRoot, "assets"));
    writeFileSync(path.join(webRoot, "index.html"), INDEX);
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "100000", DATA_DIR: dataDir, PUBLIC_URL: "https://calls.example" }, { webRoot });
    admin = await buildUser(server, { role: "admin" });
    customer = await buildUser(server);
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webRoot, { recursive: true, force: true });
  });

  const nextSlug = () => `test-post-${engine}-${++serial}`;
  const fields = (overrides: Record<string, unknown> = {}) => ({
    slug: nextSlug(),
    language: "en",
    title: "Calling home",
    excerpt: "How to call home.",
    body: "## Hello\n\nText.",
    cover: null,
    ...overrides,
  });
  const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, who: TestUser | null, payload?: object) =>
    server.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload === undefined ? {} : { payload }) });
  const upload = (bytes: Buffer, who: TestUser | null = admin, type = "application/octet-stream") =>
    server.app.inject({ method: "POST", url: "/api/admin/blog/covers", headers: { "content-type": type, ...(who ? { cookie: who.cookie } : {}) }, payload: bytes });
  const errorCode = (response: { json: <T>() => T }) => response.json<{ error: { code: string } }>().error.code;
  const auditOf = (id: string) =>
    server.database.db.select().from(auditLog).where(and(eq(auditLog.subjectType, "blog_post"), eq(auditLog.subjectId, id))).orderBy(auditLog.id);

  async function create(overrides: Record<string, unknown> = {}): Promise<AdminBlogPost> {
    const response = await send("POST", "/api/admin/blog/posts", admin, fields(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ post: AdminBlogPost }>().post;
  }
  const publicSlugs = async (lang: string) => (await send("GET", `/api/blog/posts?lang=${lang}`, null)).json<{ posts: BlogPostSummary[] }>().posts.map((post) => post.slug);

  it("refuses slugs that are not lowercase letters, digits and single hyphens", async () => {
    for (const slug of ["Calling-India", "calling india", "calling--india", "-calling", "calling-", "calling_india", "çalling", ""]) {
      const response = await send("POST", "/api/admin/blog/posts", admin, fields({ slug }));
      expect(response.statusCode, slug).toBe(400);
      expect(errorCode(response), slug).toBe("validation_failed");
    }
  });

  it("keeps a slug unique per language, and lets another language use it", async () => {
    const first = await create();
    const again = await send("POST", "/api/admin/blog/posts", admin, fields({ slug: first.slug }));
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe("blog_slug_taken");
    const french = await create({ slug: first.slug, language: "fr", title: "Appeler chez soi" });
    expect(french).toMatchObject({ slug: first.slug, language: "fr", status: "draft" });
    // Moving a post onto a taken slug is refused too, and writes nothing.
    const other = await create();
    const moved = await send("PUT", `/api/admin/blog/posts/${other.id}`, admin, { slug: first.slug });
    expect(moved.statusCode).toBe(409);
    expect((await auditOf(other.id)).map((row) => row.action)).toEqual(["blog.create"]);
  });

  it("shows a post to visitors only while it is published, at its address and in the sitemap", async () => {
    const post = await create({ title: "A guide to publishing" });
    const pageStatus = async (url: string) => (await server.app.inject({ url })).statusCode;
    expect(await publicSlugs("en")).not.toContain(post.slug);
    expect((await send("GET", `/api/blog/posts/${post.slug}?lang=en`, null)).statusCode).toBe(404);
    expect(await pageStatus(`/en/blog/${post.slug}`)).toBe(404);

    const published = await send("POST", `/api/admin/blog/posts/${post.id}/publish`, admin);
    expect(published.statusCode).toBe(200);
    expect(published.json<{ post: AdminBlogPost }>().post).toMatchObject({ status: "published", publishedAt: expect.any(String) });
    expect(await publicSlugs("en")).toContain(post.slug);
    // Another language without its own version lists and shows the English one, saying so.
    expect(await publicSlugs("sv")).toContain(post.slug);
    const read = await send("GET", `/api/blog/posts/${post.slug}?lang=sv`, null);
    expect(read.json<{ post: BlogPost }>().post).toMatchObject({ slug: post.slug, language: "en", title: "A guide to publishing", fallback: true });
    expect(await pageStatus(`/en/blog/${post.slug}`)).toBe(200);
    expect(await pageStatus(`/sv/blog/${post.slug}`)).toBe(200);
    const sitemap = (await server.app.inject("/sitemap.xml")).body;
    expect(sitemap).toContain(`<loc>https://calls.example/en/blog/${post.slug}</loc>`);

    const firstDate = published.json<{ post: AdminBlogPost }>().post.publishedAt;
    expect((await send("POST", `/api/admin/blog/posts/${post.id}/unpublish`, admin)).json<{ post: AdminBlogPost }>().post.status).toBe("draft");
    expect(await publicSlugs("en")).not.toContain(post.slug);
    expect((await send("GET", `/api/blog/posts/${post.slug}?lang=en`, null)).statusCode).toBe(404);
    expect(await pageStatus(`/en/blog/${post.slug}`)).toBe(404);
    expect((await server.app.inject("/sitemap.xml")).body).not.toContain(`/blog/${post.slug}<`);

    // Published again, it keeps its first date.
    const again = await send("POST", `/api/admin/blog/posts/${post.id}/publish`, admin);
    expect(again.json<{ post: AdminBlogPost }>().post.publishedAt).toBe(firstDate);
  });

  it("answers 404 for unknown slugs and posts", async () => {
    expect((await server.app.inject("/en/blog/no-such-post")).statusCode).toBe(404);
    expect((await send("GET", "/api/blog/posts/no-such-post?lang=en", null)).statusCode).toBe(404);
    expect((await send("PUT", "/api/admin/blog/posts/post_missing", admin, { title: "x" })).statusCode).toBe(404);
    expect((await send("POST", "/api/admin/blog/posts/post_missing/publish", admin)).statusCode).toBe(404);
    expect((await send("DELETE", "/api/admin/blog/posts/post_missing", admin)).statusCode).toBe(404);
  });

  it("writes one audit row per change, by the admin who made it, with before and after", async () => {
    const post = await create({ title: "Before" });
    await send("PUT", `/api/admin/blog/posts/${post.id}`, admin, { title: "After" });
    await send("POST", `/api/admin/blog/posts/${post.id}/publish`, admin);
    await send("POST", `/api/admin/blog/posts/${post.id}/unpublish`, admin);
    expect((await send("DELETE", `/api/admin/blog/posts/${post.id}`, admin)).json()).toEqual({ deleted: true });
    const rows = await auditOf(post.id);
    expect(rows.map((row) => row.action)).toEqual(["blog.create", "blog.update", "blog.publish", "blog.unpublish", "blog.delete"]);
    expect(rows.every((row) => row.actorUserId === admin.id)).toBe(true);
    expect(rows[1]).toMatchObject({ before: expect.objectContaining({ title: "Before" }), after: expect.objectContaining({ title: "After" }) });
    expect(rows[2]).toMatchObject({ before: expect.objectContaining({ status: "draft" }), after: expect.objectContaining({ status: "published" }) });
    expect(rows[4]).toMatchObject({ before: expect.objectContaining({ title: "After" }), after: null });
    const list = (await send("GET", "/api/admin/blog/posts", admin)).json<{ posts: AdminBlogPost[] }>().posts;
    expect(list.map((entry) => entry.id)).not.toContain(post.id);
  });

  it("stores PNG, JPEG and WebP covers under a name from their content, and serves them for a year", async () => {
    for (const [bytes, extension, type] of [
      [PNG, "png", "image/png"],
      [JPEG, "jpg", "image/jpeg"],
      [WEBP, "webp", "image/webp"],
    ] as const) {
      const response = await upload(bytes);
      expect(response.statusCode, response.body).toBe(201);
      const cover = response.json<{ cover: string }>().cover;
      expect(cover).toBe(`/uploads/blog/${createHash("sha256").update(bytes).digest("hex").slice(0, 32)}.${extension}`);
      const served = await server.app.inject(cover);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe(type);
      expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
    const audited = await server.database.db.select().from(auditLog).where(eq(auditLog.action, "blog.cover_upload"));
    expect(audited.length).toBeGreaterThanOrEqual(3);
    expect(audited.every((row) => row.actorUserId === admin.id)).toBe(true);
    // A post can use an uploaded cover; any other address is refused.
    const cover = (await upload(PNG)).json<{ cover: string }>().cover;
    expect((await create({ cover })).cover).toBe(cover);
    expect((await send("POST", "/api/admin/blog/posts", admin, fields({ cover: "https://elsewhere.example/x.png" }))).statusCode).toBe(400);
  });

  it("refuses covers of other types whatever they claim to be, empty ones and ones over 2 MB", async () => {
    const gif = await upload(GIF, admin, "image/png");
    expect(gif.statusCode).toBe(415);
    expect(errorCode(gif)).toBe("blog_cover_type");
    const html = await upload(Buffer.from("<svg onload=alert(1)>"), admin, "image/webp");
    expect(html.statusCode).toBe(415);
    const empty = await upload(Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const large = await upload(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(large.statusCode).toBe(413);
    expect(errorCode(large)).toBe("payload_too_large");
    // Exactly 2 MB is allowed.
    const limit = await upload(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length)]));
    expect(limit.statusCode).toBe(201);
    // Names we never gave out are not served, and cannot reach outside the folder.
    for (const url of ["/uploads/blog/..%2F..%2Fsecrets.json", "/uploads/blog/cover.png", `/uploads/blog/${"a".repeat(32)}.gif`]) {
      expect((await server.app.inject(url)).statusCode, url).toBe(404);
    }
  });

  it("keeps the back office to admins: 401 for visitors, 403 for customers, nothing written", async () => {
    const post = await create();
    for (const [who, status] of [
      [null, 401],
      [customer, 403],
    ] as const) {
      expect((await send("GET", "/api/admin/blog/posts", who)).statusCode).toBe(status);
      expect((await send("POST", "/api/admin/blog/posts", who, fields())).statusCode).toBe(status);
      expect((await send("PUT", `/api/admin/blog/posts/${post.id}`, who, { title: "Taken over" })).statusCode).toBe(status);
      expect((await send("POST", `/api/admin/blog/posts/${post.id}/publish`, who)).statusCode).toBe(status);
      expect((await send("DELETE", `/api/admin/blog/posts/${post.id}`, who)).statusCode).toBe(status);
      expect((await upload(PNG, who)).statusCode).toBe(status);
    }
    expect((await auditOf(post.id)).map((row) => row.action)).toEqual(["blog.create"]);
    expect((await send("GET", `/api/admin/blog/posts/${post.id}`, admin)).json<{ post: AdminBlogPost }>().post).toMatchObject({ status: "draft", title: "Calling home" });
  });
});
