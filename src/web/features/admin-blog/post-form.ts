import type { TFunction } from "../../lib/i18n/translator";
import { z } from "zod";
import { BLOG_SLUG_PATTERN, type AdminBlogPost, type BlogPostFields } from "../../../shared/api/blog";
import { LOCALES, type Locale } from "../../../shared/i18n/locales";

/** The editor's fields; checked with the server's rules (slug pattern, lengths), with messages in the admin's language. */
export function postFormSchema(t: TFunction) {
  return z.object({
    slug: z.string().trim().min(1, t("blog.admin.slug_required")).max(100, t("blog.admin.slug_too_long")).regex(BLOG_SLUG_PATTERN, t("blog.admin.slug_invalid")),
    language: z.enum(LOCALES),
    title: z.string().trim().min(1, t("blog.admin.title_required")).max(200, t("blog.admin.title_too_long")),
    excerpt: z.string().trim().max(500, t("blog.admin.excerpt_too_long")),
    body: z.string().max(100_000, t("blog.admin.body_too_long")),
    cover: z.string().nullable(),
  });
}

export type PostFormValues = z.input<ReturnType<typeof postFormSchema>>;

export function emptyPostForm(language: Locale): PostFormValues {
  return { slug: "", language, title: "", excerpt: "", body: "", cover: null };
}

export function formValuesOf(post: AdminBlogPost): PostFormValues {
  return { slug: post.slug, language: post.language, title: post.title, excerpt: post.excerpt, body: post.body, cover: post.cover };
}

/** A slug suggested from a title: lowercase ASCII letters and digits joined by hyphens ("How to call India" → "how-to-call-india"). */
export function slugFromTitle(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100)
    .replace(/-+$/, "");
}

export type { BlogPostFields };
