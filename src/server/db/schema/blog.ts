import { sql } from "drizzle-orm";
import { check, customType, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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
    /** "/uploads/blog/<content hash>.<ext>", a row of blog_covers. */
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

/** Binary column; node-postgres answers a Buffer, PGlite a Uint8Array: both read back as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * An uploaded cover's bytes, in the database so every instance serves it. The name is the content's
 * hash with the type's extension (what /uploads/blog/<name> asks for): a name's bytes never change.
 */
export const blogCovers = pgTable(
  "blog_covers",
  {
    name: text("name").primaryKey(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("blog_covers_name_check", sql`${table.name} ~ '^[0-9a-f]{32}\\.(png|jpg|webp)$'`),
    check("blog_covers_content_type_check", sql`${table.contentType} in ('image/png', 'image/jpeg', 'image/webp')`),
    check("blog_covers_size_check", sql`${table.size} = octet_length(${table.bytes}) and ${table.size} > 0`),
  ],
);
