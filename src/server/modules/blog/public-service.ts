import { and, desc, eq, inArray } from "drizzle-orm";
import type { BlogPost, BlogPostSummary } from "../../../shared/api/blog";
import { DEFAULT_LOCALE, type Locale } from "../../../shared/i18n/locales";
import type { Database } from "../../db/client";
import { blogPosts } from "../../db/schema/blog";
import { notFound } from "../../http/app-error";

type PostRow = typeof blogPosts.$inferSelect;

function summaryOf(row: PostRow): BlogPostSummary {
  return {
    slug: row.slug,
    language: row.language,
    title: row.title,
    excerpt: row.excerpt,
    cover: row.coverImage,
    // Published rows always have a date (blog_posts_published_check).
    publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
  };
}

/**
 * Published posts for a reader of `language`, newest first: the posts written in that
 * language, plus English posts that have no version in it (shown with their language).
 */
export async function listPublishedPosts(db: Database, language: Locale): Promise<BlogPostSummary[]> {
  const languages = language === DEFAULT_LOCALE ? [language] : [language, DEFAULT_LOCALE];
  const rows = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.status, "published"), inArray(blogPosts.language, languages)))
    .orderBy(desc(blogPosts.publishedAt), blogPosts.slug);
  return postsForReader(rows, language).map(summaryOf);
}

/**
 * Of published posts, those a reader of `language` is shown (in their order): the ones written in
 * that language, and English ones that have no version in it. The blog list and the site search share it.
 */
export function postsForReader<Post extends { slug: string; language: Locale }>(posts: readonly Post[], language: Locale): Post[] {
  const inLanguage = new Set(posts.filter((post) => post.language === language).map((post) => post.slug));
  return posts.filter((post) => post.language === language || (post.language === DEFAULT_LOCALE && !inLanguage.has(post.slug)));
}

/** One published post in the reader's language, else its English version marked as a fallback. */
export async function readPublishedPost(db: Database, slug: string, language: Locale): Promise<BlogPost> {
  const rows = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.status, "published"), eq(blogPosts.slug, slug), inArray(blogPosts.language, [language, DEFAULT_LOCALE])));
  const own = rows.find((row) => row.language === language);
  const chosen = own ?? rows.find((row) => row.language === DEFAULT_LOCALE);
  if (!chosen) throw notFound("No such post");
  return { ...summaryOf(chosen), body: chosen.body, fallback: own === undefined };
}
