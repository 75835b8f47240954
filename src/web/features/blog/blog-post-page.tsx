import { ArrowLeft } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Link, useParams } from "react-router";
import { BLOG_SLUG_PATTERN } from "../../../shared/api/blog";
import { Button } from "../../components/ui/button";
import { PageSpinner } from "../../components/ui/spinner";
import { ApiError } from "../../lib/api-client";
import { localePath, useLocale } from "../../lib/use-locale";
import { usePageTitle } from "../../lib/use-page-title";
import { NotFoundPage } from "../../components/not-found-page";
import { usePublishedPost } from "./blog-api";
import { useBlogStrings } from "../../lib/blog/blog-strings";
import { LanguageBadge } from "./language-badge";
import { Markdown } from "../../components/markdown";
import { formatPostDate } from "../../lib/blog/post-date";

/** /{lang}/blog/{slug}: one published post, in the reader's language or else in English (said so); unknown slugs get the 404 page. */
export function BlogPostPage() {
  const { t } = useTranslation();
  const ready = useBlogStrings();
  const locale = useLocale();
  const { slug = "" } = useParams();
  const valid = BLOG_SLUG_PATTERN.test(slug);
  const query = usePublishedPost(valid ? slug : null, locale);
  const post = query.data?.post;
  usePageTitle(post?.title);

  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) return <NotFoundPage />;
  if (!ready || query.isPending) return <PageSpinner />;
  if (!post) {
    return (
      <main id="main" className="mx-auto max-w-3xl px-4 py-16">
        <div role="alert" className="flex flex-col items-center gap-3 rounded-2xl border border-red-200 bg-red-50 px-4 py-10 text-center">
          <p className="font-medium text-red-800">{t("blog.post_load_error")}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t("blog.retry")}
          </Button>
        </div>
      </main>
    );
  }

  const foreign = post.language !== locale;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <Link to={localePath(locale, "/blogs-guides")} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
        {t("blog.back_to_list")}
      </Link>
      {post.fallback ? (
        <p role="note" className="mt-6 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {t("blog.fallback_notice")}
        </p>
      ) : null}
      <article lang={foreign ? post.language : undefined} dir={foreign ? "ltr" : undefined} className="mt-6">
        <header className="space-y-3">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{post.title}</h1>
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-500">
            <time dateTime={post.publishedAt} lang={locale}>
              {formatPostDate(post.publishedAt, locale)}
            </time>
            <span lang={locale}>
              <LanguageBadge language={post.language} pageLocale={locale} />
            </span>
          </div>
          <p className="text-lg text-slate-600">{post.excerpt}</p>
        </header>
        {post.cover ? (
          <img src={post.cover} alt="" width={1200} height={675} decoding="async" className="mt-8 aspect-[16/9] w-full rounded-2xl object-cover" />
        ) : null}
        <Markdown source={post.body} className="mt-8" />
      </article>
    </main>
  );
}

export default BlogPostPage;
