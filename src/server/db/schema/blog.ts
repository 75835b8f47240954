import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { BlogStatus } from "../../../shared/api/blog";
import type { Locale } from "../../../shared/i18n/locales";
import { user } from "./auth";

/**
 * A blog post or guide in one language. The same slug in several languages is one
 * guide translated; a reader whose language has none is shown the English one.
 */
export const blogPosts = pgTable(
  "blog_posts",
  {
    /** Ours ("post_…"). */
    id: text("id").primaryKey(),
    /** Lowercase letters, digits and single hyphens (BLOG_SLUG_PATTERN); unique per language. */
    slug: text("slug").notNull(),
    language: text("language").$type<Locale>().notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    /** Markdown; rendered without raw HTML. */
    body: text("body").notNull().default(""),
    /** "/uploads/blog/<content hash>.<ext>", a file under DATA_DIR/uploads/blog. */
    coverImage: text("cover_image"),
    status: text("status").$type<BlogStatus>().notNull().default("draft"),
    /** Set on first publication and kept through later unpublish/publish. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("blog_posts_language_slug_idx").on(table.language, table.slug),
    index("blog_posts_status_published_idx").on(table.status, table.publishedAt),
    check("blog_posts_status_check", sql`${table.status} in ('draft', 'published')`),
    check("blog_posts_slug_check", sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("blog_posts_language_check", sql`${table.language} in ('en', 'sv', 'ar', 'zh', 'fr', 'de', 'es', 'hi', 'ru', 'pt')`),
    check("blog_posts_published_check", sql`${table.status} = 'draft' or ${table.publishedAt} is not null`),
  ],
);
