import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminBlogPost } from "../../../shared/api/blog";
import { SEED_DIR } from "../../app";
import { engines, openTestDatabase } from "../../test/engines";
import { eventually } from "../../test/eventually";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServerOn, type TestServer } from "../../test/test-server";
import { startTwoInstances, type TwoInstances } from "../../test/two-instances";
import { openPublishedPosts, type PublishedPosts } from "./published-posts";
import { readShippedGuides } from "./seed";

// What the page status and the sitemap read: each instance's list of published slugs follows changes made on another.
describe.each(engines.filter((engine) => engine === "postgres"))("published posts across two instances on %s", (engine) => {
  let instances: TwoInstances;
  let first: TestServer;
  let second: TestServer;
  let firstPosts: PublishedPosts;
  let admin: TestUser;

  beforeAll(async () => {
    instances = await startTwoInstances(engine);
    ({ first, second } = instances);
    firstPosts = await openPublishedPosts(first.database.db, first.bus, (error) => {
      throw error;
    });
    admin = await buildUser(second, { role: "admin" });
  });
  afterAll(async () => {
    firstPosts.close();
    await instances.close();
  });

  it("learns of a post published, unpublished and deleted on the other instance", async () => {
    const send = (method: "POST" | "DELETE", url: string, payload?: object) =>
      second.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
    const created = await send("POST", "/api/admin/blog/posts", { slug: "shared-news", language: "de", title: "Neuigkeiten", excerpt: "", body: "Text", cover: null });
    const post = created.json<{ post: AdminBlogPost }>().post;
    expect(firstPosts.has("shared-news")).toBe(false);

    await send("POST", `/api/admin/blog/posts/${post.id}/publish`);
    await eventually(async () => firstPosts.has("shared-news"), (known) => known);
    expect(firstPosts.list().find((entry) => entry.slug === "shared-news")).toEqual({ slug: "shared-news", languages: ["de"] });

    await send("POST", `/api/admin/blog/posts/${post.id}/unpublish`);
    await eventually(async () => firstPosts.has("shared-news"), (known) => !known);

    await send("POST", `/api/admin/blog/posts/${post.id}/publish`);
    await eventually(async () => firstPosts.has("shared-news"), (known) => known);
    await send("DELETE", `/api/admin/blog/posts/${post.id}`);
    await eventually(async () => firstPosts.has("shared-news"), (known) => !known);
  });
});

describe("published posts on one instance", () => {
  it.each(engines)("lists the shipped guides in the languages they are written in (%s)", async (engine) => {
    const database = await openTestDatabase(engine, "prepared");
    const server = await startTestServerOn(database, () => database.destroy());
    try {
      const posts = await openPublishedPosts(server.database.db, server.bus, (error) => {
        throw error;
      });
      expect(posts.list().find((entry) => entry.slug === "cheap-international-calls-guide")?.languages).toEqual(["ar", "de", "en", "es", "fr", "hi", "pt", "ru", "sv", "zh"]);
      // Every other guide too, in exactly the languages data/blog holds for it.
      const shipped = readShippedGuides(path.join(SEED_DIR, "blog"));
      for (const slug of new Set(shipped.map((guide) => guide.slug))) {
        const languages = shipped.filter((guide) => guide.slug === slug).map((guide) => guide.language);
        expect(posts.list().find((entry) => entry.slug === slug)?.languages, slug).toEqual([...languages].sort());
      }
      posts.close();
    } finally {
      await server.close();
    }
    // A whole server starts inside the test: as long as a file's set-up gets (hookTimeout).
  }, 60_000);
});
