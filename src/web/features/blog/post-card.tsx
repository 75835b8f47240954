import { BookOpen } from "lucide-react";
import { Link } from "react-router";
import type { BlogPostSummary } from "../../../shared/api/blog";
import type { Locale } from "../../../shared/i18n/locales";
import { localePath } from "../../lib/use-locale";
import { LanguageBadge } from "./language-badge";
import { formatPostDate } from "../../lib/blog/post-date";

/** One post in the list: cover, title (the link), excerpt, date; a badge when it is in another language. */
export function PostCard({ post, locale, eager }: { post: BlogPostSummary; locale: Locale; eager: boolean }) {
  const foreign = post.language !== locale;
  return (
    <li className="group relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md">
      <div className="aspect-[16/9] bg-brand-50">
        {post.cover ? (
          <img src={post.cover} alt="" width={640} height={360} loading={eager ? "eager" : "lazy"} decoding="async" className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center text-brand-500">
            <BookOpen aria-hidden="true" className="size-12" />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-500">
          <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt, locale)}</time>
          <LanguageBadge language={post.language} pageLocale={locale} />
        </div>
        <h2 className="text-lg font-semibold text-slate-900" lang={foreign ? post.language : undefined}>
          {/* The whole card is clickable through the link's stretched area; the link's text is the title. */}
          <Link to={localePath(locale, `/blog/${post.slug}`)} className="after:absolute after:inset-0 focus-visible:outline-none group-focus-within:underline">
            {post.title}
          </Link>
        </h2>
        <p className="text-sm leading-6 text-slate-600" lang={foreign ? post.language : undefined}>
          {post.excerpt}
        </p>
      </div>
    </li>
  );
}
