import type { FastifyInstance } from "fastify";
import {
  adminBlogCoverUpload,
  adminBlogPostCreate,
  adminBlogPostDelete,
  adminBlogPostPublish,
  adminBlogPostRead,
  adminBlogPostsList,
  adminBlogPostUnpublish,
  adminBlogPostUpdate,
  BLOG_COVER_MAX_BYTES,
  blogPostRead,
  blogPostsList,
} from "../../../shared/api/blog";
import { requireViewer } from "../../http/access";
import { registerEndpoint } from "../../http/endpoint";
import { auditBlog, createPost, deletePost, listPosts, readPost, setPublished, updatePost, type BlogDeps } from "./admin-service";
import { createCoverCache } from "./cover-cache";
import { readCover, storeCover } from "./covers";
import { listPublishedPosts, readPublishedPost } from "./public-service";

/** A cover's address never changes what it holds (its name is its content's hash): cached for a year. */
const COVER_CACHE = "public, max-age=31536000, immutable";

/** The blog's public reads, its back office, and its cover images. */
export function registerBlogRoutes(app: FastifyInstance, deps: BlogDeps): void {
  const { db } = deps;
  const covers = createCoverCache();

  registerEndpoint(app, blogPostsList, async ({ query }) => ({ posts: await listPublishedPosts(db, query.lang) }));
  registerEndpoint(app, blogPostRead, async ({ params, query }) => ({ post: await readPublishedPost(db, params.slug, query.lang) }));

  registerEndpoint(app, adminBlogPostsList, async () => ({ posts: await listPosts(db) }));
  registerEndpoint(app, adminBlogPostRead, async ({ params }) => ({ post: await readPost(db, params.postId) }));
  registerEndpoint(app, adminBlogPostCreate, async ({ request, body }) => ({ post: await createPost(deps, requireViewer(request).userId, body, new Date()) }));
  registerEndpoint(app, adminBlogPostUpdate, async ({ request, params, body }) => ({
    post: await updatePost(deps, requireViewer(request).userId, params.postId, body, new Date()),
  }));
  registerEndpoint(app, adminBlogPostDelete, async ({ request, params }) => {
    await deletePost(deps, requireViewer(request).userId, params.postId, new Date());
    return { deleted: true as const };
  });
  registerEndpoint(app, adminBlogPostPublish, async ({ request, params }) => ({ post: await setPublished(deps, requireViewer(request).userId, params.postId, true, new Date()) }));
  registerEndpoint(app, adminBlogPostUnpublish, async ({ request, params }) => ({
    post: await setPublished(deps, requireViewer(request).userId, params.postId, false, new Date()),
  }));

  // The cover arrives as the image's bytes; only this scope reads such bodies, and no further than 2 MB (else 413).
  void app.register(async (scope) => {
    for (const type of ["application/octet-stream", "image/png", "image/jpeg", "image/webp"]) {
      scope.addContentTypeParser(type, { parseAs: "buffer", bodyLimit: BLOG_COVER_MAX_BYTES }, (_request, body, done) => done(null, body));
    }
    registerEndpoint(
      scope,
      adminBlogCoverUpload,
      async ({ request }) => {
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const actor = requireViewer(request).userId;
        const cover = await db.transaction(async (tx) => {
          const stored = await storeCover(tx, bytes);
          await auditBlog(tx, actor, "blog.cover_upload", stored, null, { cover: stored, bytes: bytes.length }, new Date());
          return stored;
        });
        return { cover };
      },
      { bodyLimit: BLOG_COVER_MAX_BYTES },
    );
  });

  app.get<{ Params: { name: string } }>("/uploads/blog/:name", { config: { access: "public" } }, async (request, reply) => {
    const cover = await covers.read(request.params.name, (name) => readCover(db, name));
    if (!cover) return reply.status(404).type("text/plain; charset=utf-8").send("Not found");
    return reply.type(cover.type).header("cache-control", COVER_CACHE).header("x-content-type-options", "nosniff").send(cover.bytes);
  });
}
