import { eq } from "drizzle-orm";
import type { Locale } from "../../../shared/i18n/locales";
import type { EventBus } from "../../db/bus";
import type { Database } from "../../db/client";
import { blogPosts } from "../../db/schema/blog";

/** Announced in the transaction of every change to a post; each server instance reloads its list. */
export const BLOG_CHANGED_TOPIC = "blog.changed";

export interface PublishedPost {
  slug: string;
  /** The languages the post is published in. */
  languages: Locale[];
}

/**
 * Which slugs are published, in which languages: the page status answers
 * /{lang}/blog/<slug> from it without a query, and the sitemap lists it.
 * `version` grows with each reload so the sitemap knows when to rebuild.
 */
export interface PublishedPosts {
  has(slug: string): boolean;
  list(): readonly PublishedPost[];
  version(): number;
  refresh(): Promise<void>;
  close(): void;
}

export async function openPublishedPosts(db: Database, bus: EventBus, onError: (error: unknown) => void): Promise<PublishedPosts> {
  let posts = new Map<string, Locale[]>();
  let version = 0;

  async function refresh(): Promise<void> {
    const rows = await db.select({ slug: blogPosts.slug, language: blogPosts.language }).from(blogPosts).where(eq(blogPosts.status, "published"));
    const next = new Map<string, Locale[]>();
    for (const row of rows) next.set(row.slug, [...(next.get(row.slug) ?? []), row.language]);
    posts = next;
    version += 1;
  }
  await refresh();

  // Reload after a reconnect too: a change announced while the bus was not listening never arrives.
  const unsubscribe = bus.subscribe((message) => {
    if (message.topic === BLOG_CHANGED_TOPIC) refresh().catch(onError);
  }, refresh);

  return {
    has: (slug) => posts.has(slug),
    list: () => [...posts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([slug, languages]) => ({ slug, languages: [...languages].sort() })),
    version: () => version,
    refresh,
    close: unsubscribe,
  };
}
