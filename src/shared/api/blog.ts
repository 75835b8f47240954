import { z } from "zod";
import { LOCALES } from "../i18n/locales";
import { defineEndpoint } from "./endpoint";

/**
 * The blog and guides: public reads of published posts, and the back office's
 * posts (create, edit, publish, unpublish, delete, cover upload; each change audited).
 */

/** Lowercase letters and digits in groups joined by single hyphens: "calling-india-2024". */
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const blogSlug = z.string().min(1).max(100).regex(BLOG_SLUG_PATTERN, "lowercase letters, digits and single hyphens");

/** Where an uploaded cover is served: a name the server chose from the file's content, never the uploader's. */
export const BLOG_COVER_PATTERN = /^\/uploads\/blog\/[0-9a-f]{32}\.(?:png|jpg|webp)$/;
export const BLOG_COVER_MAX_BYTES = 2 * 1024 * 1024;

export const BLOG_STATUSES = ["draft", "published"] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

const language = z.enum(LOCALES);

/** A published post as the list shows it. */
export const blogPostSummarySchema = z.object({
  slug: z.string(),
  language,
  title: z.string(),
  excerpt: z.string(),
  cover: z.string().nullable(),
  publishedAt: z.iso.datetime({ offset: true }),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

export const blogPostSchema = blogPostSummarySchema.extend({
  body: z.string(),
  /** True when the reader's language has no version of the post and the English one is shown. */
  fallback: z.boolean(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

const langQuery = z.object({ lang: language.default("en") });

export const blogPostsList = defineEndpoint({
  method: "GET",
  path: "/api/blog/posts",
  access: "public",
  summary: "Published posts for a language, newest first; English posts with no version in that language are included, marked with their language",
  query: langQuery,
  response: z.object({ posts: z.array(blogPostSummarySchema) }),
});

export const blogPostRead = defineEndpoint({
  method: "GET",
  path: "/api/blog/posts/:slug",
  access: "public",
  summary: "One published post in the language asked for, else its English version (fallback: true); 404 when neither is published",
  params: z.object({ slug: z.string().min(1).max(100) }),
  query: langQuery,
  response: z.object({ post: blogPostSchema }),
});

/** What an admin writes. */
export const blogPostFieldsSchema = z.object({
  slug: blogSlug,
  language,
  title: z.string().trim().min(1).max(200),
  excerpt: z.string().trim().max(500),
  body: z.string().max(100_000),
  cover: z.string().regex(BLOG_COVER_PATTERN, "an uploaded cover").nullable(),
});
export type BlogPostFields = z.infer<typeof blogPostFieldsSchema>;

export const adminBlogPostSchema = blogPostFieldsSchema.extend({
  id: z.string(),
  status: z.enum(BLOG_STATUSES),
  publishedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type AdminBlogPost = z.infer<typeof adminBlogPostSchema>;

const postParams = z.object({ postId: z.string().min(1).max(64) });

export const adminBlogPostsList = defineEndpoint({
  method: "GET",
  path: "/api/admin/blog/posts",
  access: "admin",
  summary: "Every post, drafts included, newest change first",
  response: z.object({ posts: z.array(adminBlogPostSchema) }),
});

export const adminBlogPostRead = defineEndpoint({
  method: "GET",
  path: "/api/admin/blog/posts/:postId",
  access: "admin",
  summary: "One post with its body",
  params: postParams,
  response: z.object({ post: adminBlogPostSchema }),
});

export const adminBlogPostCreate = defineEndpoint({
  method: "POST",
  path: "/api/admin/blog/posts",
  access: "admin",
  summary: "Creates a draft (409 blog_slug_taken when the language already has the slug)",
  body: blogPostFieldsSchema,
  response: z.object({ post: adminBlogPostSchema }),
  status: 201,
});

export const adminBlogPostUpdate = defineEndpoint({
  method: "PUT",
  path: "/api/admin/blog/posts/:postId",
  access: "admin",
  summary: "Edits a post (only the fields given change)",
  params: postParams,
  body: blogPostFieldsSchema.partial(),
  response: z.object({ post: adminBlogPostSchema }),
});

export const adminBlogPostDelete = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/blog/posts/:postId",
  access: "admin",
  summary: "Deletes a post for good",
  params: postParams,
  response: z.object({ deleted: z.literal(true) }),
});

export const adminBlogPostPublish = defineEndpoint({
  method: "POST",
  path: "/api/admin/blog/posts/:postId/publish",
  access: "admin",
  summary: "Publishes a post (its first publication date is kept when published again)",
  params: postParams,
  response: z.object({ post: adminBlogPostSchema }),
});

export const adminBlogPostUnpublish = defineEndpoint({
  method: "POST",
  path: "/api/admin/blog/posts/:postId/unpublish",
  access: "admin",
  summary: "Takes a post back to draft: it leaves the blog, the sitemap and its address",
  params: postParams,
  response: z.object({ post: adminBlogPostSchema }),
});

/** The body is the image itself (PNG, JPEG or WebP, at most 2 MB), sent as application/octet-stream or its image type. */
export const adminBlogCoverUpload = defineEndpoint({
  method: "POST",
  path: "/api/admin/blog/covers",
  access: "admin",
  summary: "Stores a cover image (type told by its bytes: PNG, JPEG or WebP; at most 2 MB) and answers its address",
  response: z.object({ cover: z.string() }),
  status: 201,
});
