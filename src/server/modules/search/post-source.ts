import { eq } from "drizzle-orm";
import type { PostSearchHit } from "../../../shared/api/search";
import type { Locale } from "../../../shared/i18n/locales";
import { findTerm, foldText, type FoldedText } from "../../../shared/search/search-terms";
import type { EventBus } from "../../db/bus";
import type { Database } from "../../db/client";
import { blogPosts } from "../../db/schema/blog";
import { postsForReader } from "../blog/public-service";
import { BLOG_CHANGED_TOPIC } from "../blog/published-posts";
import { markdownToText } from "./markdown-text";
import type { SearchSource } from "./search-source";
import { excerptAround, rankFields } from "./text-rank";

/** A published post as the search reads it, its texts folded once per reload rather than per search. */
interface IndexedPost {
  slug: string;
  language: Locale;
  title: string;
  excerpt: string;
  body: string;
  publishedAt: number;
  folded: { title: FoldedText; excerpt: FoldedText; body: FoldedText };
}

/** How long an excerpt cut from a post's body is, about the length of the excerpts authors write. */
const EXCERPT_LENGTH = 180;

/**
 * Published blog posts, in the language asked, with English posts that have no version in it (as
 * the blog list shows them, marked with their language). Words are matched in the title, the
 * excerpt and the body's text; a title match ranks above an excerpt match above a body match, then
 * newer first. A hit with a word found only in the body shows the part of the body that has it.
 *
 * The published posts are read once and kept, folded, until the blog changes (BLOG_CHANGED_TOPIC,
 * announced by every instance's edits) or the bus reconnects: a search then costs no query.
 */
export function postSearchSource(db: Database, bus: EventBus): SearchSource<"posts"> & { close(): void } {
  let index: Promise<IndexedPost[]> | null = null;

  async function load(): Promise<IndexedPost[]> {
    const rows = await db.select().from(blogPosts).where(eq(blogPosts.status, "published"));
    return rows.map((row) => {
      const body = markdownToText(row.body);
      return {
        slug: row.slug,
        language: row.language,
        title: row.title,
        excerpt: row.excerpt,
        body,
        publishedAt: (row.publishedAt ?? row.createdAt).getTime(),
        folded: { title: foldText(row.title), excerpt: foldText(row.excerpt), body: foldText(body) },
      };
    });
  }

  function posts(): Promise<IndexedPost[]> {
    if (index === null) {
      const loading = load();
      index = loading;
      // A failed read is not kept: the next search tries again.
      loading.catch(() => {
        if (index === loading) index = null;
      });
    }
    return index;
  }

  const forget = () => {
    index = null;
  };
  const unsubscribe = bus.subscribe((message) => {
    if (message.topic === BLOG_CHANGED_TOPIC) forget();
  }, forget);

  return {
    group: "posts",
    async search(query, lang, limit) {
      const ranked: { post: IndexedPost; score: number; inBodyOnly: string[] }[] = [];
      for (const post of postsForReader(await posts(), lang)) {
        const score = rankFields(
          [
            { text: post.folded.title, weight: 100 },
            { text: post.folded.excerpt, weight: 10 },
            { text: post.folded.body, weight: 1 },
          ],
          query.terms,
        );
        if (score === null) continue;
        const inBodyOnly = query.terms.filter((term) => findTerm(post.folded.title, term) === null && findTerm(post.folded.excerpt, term) === null);
        ranked.push({ post, score, inBodyOnly });
      }
      ranked.sort((a, b) => b.score - a.score || b.post.publishedAt - a.post.publishedAt || a.post.slug.localeCompare(b.post.slug));
      return ranked.slice(0, limit).map(({ post, inBodyOnly }): PostSearchHit => ({
        slug: post.slug,
        title: post.title,
        // The post's own excerpt, unless a word was found only in the body: then the part of the body that has it.
        excerpt: inBodyOnly.length > 0 ? excerptAround(post.body, inBodyOnly, EXCERPT_LENGTH) : post.excerpt,
        language: post.language,
      }));
    },
    close: unsubscribe,
  };
}
