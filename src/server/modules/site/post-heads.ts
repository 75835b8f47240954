import { and, eq, inArray } from "drizzle-orm";
import { DEFAULT_LOCALE, type Locale } from "../../../shared/i18n/locales";
import type { Executor } from "../../db/client";
import { blogPosts } from "../../db/schema/blog";
import type { PublishedPosts } from "../blog/published-posts";
import type { PageHeadSources } from "./page-head";

type PostHead = Awaited<ReturnType<PageHeadSources["post"]>>;

/**
 * A published post's title and excerpt for its page head: in the reader's language,
 * else English (as the post page shows it). Remembered until the published posts
 * reload, which every change to a post causes (BLOG_CHANGED_TOPIC).
 */
export function createPostHeads(db: Executor, publishedPosts: PublishedPosts): PageHeadSources["post"] {
  let version = -1;
  const cache = new Map<string, Promise<PostHead>>();
  return (slug, language) => {
    if (!publishedPosts.has(slug)) return Promise.resolve(null);
    if (publishedPosts.version() !== version) {
      cache.clear();
      version = publishedPosts.version();
    }
    const key = `${language}/${slug}`;
    let found = cache.get(key);
    if (!found) {
      found = load(db, publishedPosts, slug, language);
      cache.set(key, found);
      found.catch(() => cache.delete(key));
    }
    return found;
  };
}

async function load(db: Executor, publishedPosts: PublishedPosts, slug: string, language: Locale): Promise<PostHead> {
  const rows = await db
    .select({ language: blogPosts.language, title: blogPosts.title, excerpt: blogPosts.excerpt })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.status, "published"), inArray(blogPosts.language, [language, DEFAULT_LOCALE])));
  const row = rows.find((candidate) => candidate.language === language) ?? rows.find((candidate) => candidate.language === DEFAULT_LOCALE);
  if (!row) return null;
  const languages = publishedPosts.list().find((post) => post.slug === slug)?.languages ?? [row.language];
  return { title: row.title, excerpt: row.excerpt, languages };
}
