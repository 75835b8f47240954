import { randomBytes } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { AdminBlogPost, BlogPostFields } from "../../../shared/api/blog";
import type { BusPublisher } from "../../db/bus";
import type { Database, Executor } from "../../db/client";
import { auditLog } from "../../db/schema/audit";
import { blogPosts } from "../../db/schema/blog";
import { AppError, notFound } from "../../http/app-error";
import { BLOG_CHANGED_TOPIC, type PublishedPosts } from "./published-posts";
import { isUniqueViolation } from "../../db/unique-violation";

type PostRow = typeof blogPosts.$inferSelect;

export const BLOG_AUDIT_ACTIONS = ["blog.create", "blog.update", "blog.publish", "blog.unpublish", "blog.delete", "blog.cover_upload"] as const;
type BlogAuditAction = (typeof BLOG_AUDIT_ACTIONS)[number];

export function newPostId(): string {
  return `post_${randomBytes(12).toString("hex")}`;
}

function present(row: PostRow): AdminBlogPost {
  return {
    id: row.id,
    slug: row.slug,
    language: row.language,
    title: row.title,
    excerpt: row.excerpt,
    body: row.body,
    cover: row.coverImage,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit keeps of a post: everything but its body, whose length stands in for it. */
const auditView = (row: PostRow) => ({
  slug: row.slug,
  language: row.language,
  title: row.title,
  excerpt: row.excerpt,
  bodyLength: row.body.length,
  cover: row.coverImage,
  status: row.status,
  publishedAt: row.publishedAt?.toISOString() ?? null,
});

export async function auditBlog(tx: Executor, actorUserId: string, action: BlogAuditAction, subjectId: string, before: unknown, after: unknown, now: Date) {
  await tx.insert(auditLog).values({ actorUserId, action, subjectType: action === "blog.cover_upload" ? "blog_cover" : "blog_post", subjectId, before, after, createdAt: now });
}

const slugTaken = (slug: string, language: string) => new AppError(409, "blog_slug_taken", `The ${language} blog already has a post at ${slug}`);

/** A unique violation on (language, slug): two admins saving the same address at once. */
const isSlugConflict = (error: unknown) => isUniqueViolation(error, "blog_posts_language_slug_idx");

async function assertSlugFree(tx: Pick<Executor, "select">, fields: Pick<BlogPostFields, "slug" | "language">, exceptId: string | null): Promise<void> {
  const rows = await tx.select({ id: blogPosts.id, language: blogPosts.language }).from(blogPosts).where(eq(blogPosts.slug, fields.slug));
  if (rows.some((row) => row.language === fields.language && row.id !== exceptId)) throw slugTaken(fields.slug, fields.language);
}

/** Every post, drafts included, last changed first. */
export async function listPosts(db: Database): Promise<AdminBlogPost[]> {
  const rows = await db.select().from(blogPosts).orderBy(desc(blogPosts.updatedAt), blogPosts.id);
  return rows.map(present);
}

export async function readPost(db: Database, postId: string): Promise<AdminBlogPost> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, postId));
  if (!row) throw notFound("No such post");
  return present(row);
}

export interface BlogDeps {
  db: Database;
  bus: BusPublisher;
  /** This instance's published list, read again before a change is answered. */
  publishedPosts: Pick<PublishedPosts, "refresh">;
}

/**
 * Runs a change in a transaction that also announces it, so every instance's published list
 * follows. The instance that made it reads its list again before answering: the announcement
 * reaches it too, but later, and the admin's next request (or a visitor's) must already see the change.
 */
async function change<T>(deps: BlogDeps, slug: string, run: (tx: Executor) => Promise<T>): Promise<T> {
  try {
    const result = await deps.db.transaction(async (tx) => {
      const changed = await run(tx);
      await deps.bus.publish({ topic: BLOG_CHANGED_TOPIC }, tx);
      return changed;
    });
    await deps.publishedPosts.refresh();
    return result;
  } catch (error) {
    if (!(error instanceof AppError) && isSlugConflict(error)) throw new AppError(409, "blog_slug_taken", `The blog already has a post at ${slug} in that language`);
    throw error;
  }
}

export async function createPost(deps: BlogDeps, actorUserId: string, fields: BlogPostFields, now: Date): Promise<AdminBlogPost> {
  return change(deps, fields.slug, async (tx) => {
    await assertSlugFree(tx, fields, null);
    const [row] = await tx
      .insert(blogPosts)
      .values({
        id: newPostId(),
        slug: fields.slug,
        language: fields.language,
        title: fields.title,
        excerpt: fields.excerpt,
        body: fields.body,
        coverImage: fields.cover,
        status: "draft",
        createdBy: actorUserId,
        updatedBy: actorUserId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error("the post was not written");
    await auditBlog(tx, actorUserId, "blog.create", row.id, null, auditView(row), now);
    return present(row);
  });
}

async function lockPost(tx: Executor, postId: string): Promise<PostRow> {
  const [row] = await tx.select().from(blogPosts).where(eq(blogPosts.id, postId)).for("update");
  if (!row) throw notFound("No such post");
  return row;
}

export async function updatePost(deps: BlogDeps, actorUserId: string, postId: string, fields: Partial<BlogPostFields>, now: Date): Promise<AdminBlogPost> {
  return change(deps, fields.slug ?? "", async (tx) => {
    const before = await lockPost(tx, postId);
    const slug = fields.slug ?? before.slug;
    const language = fields.language ?? before.language;
    if (slug !== before.slug || language !== before.language) await assertSlugFree(tx, { slug, language }, before.id);
    const [after] = await tx
      .update(blogPosts)
      .set({
        slug,
        language,
        title: fields.title ?? before.title,
        excerpt: fields.excerpt ?? before.excerpt,
        body: fields.body ?? before.body,
        coverImage: fields.cover === undefined ? before.coverImage : fields.cover,
        updatedBy: actorUserId,
        updatedAt: now,
      })
      .where(eq(blogPosts.id, before.id))
      .returning();
    if (!after) throw notFound("No such post");
    await auditBlog(tx, actorUserId, "blog.update", before.id, auditView(before), auditView(after), now);
    return present(after);
  });
}

/** Publishes or takes back to draft; the first publication date stays, so a republished post keeps its place. */
export async function setPublished(deps: BlogDeps, actorUserId: string, postId: string, published: boolean, now: Date): Promise<AdminBlogPost> {
  return change(deps, "", async (tx) => {
    const before = await lockPost(tx, postId);
    const [after] = await tx
      .update(blogPosts)
      .set({ status: published ? "published" : "draft", publishedAt: before.publishedAt ?? (published ? now : null), updatedBy: actorUserId, updatedAt: now })
      .where(eq(blogPosts.id, before.id))
      .returning();
    if (!after) throw notFound("No such post");
    await auditBlog(tx, actorUserId, published ? "blog.publish" : "blog.unpublish", before.id, auditView(before), auditView(after), now);
    return present(after);
  });
}

export async function deletePost(deps: BlogDeps, actorUserId: string, postId: string, now: Date): Promise<void> {
  await change(deps, "", async (tx) => {
    const before = await lockPost(tx, postId);
    await tx.delete(blogPosts).where(eq(blogPosts.id, before.id));
    await auditBlog(tx, actorUserId, "blog.delete", before.id, auditView(before), null, now);
  });
}
