import { useTranslation } from "../../lib/i18n/use-translation";
import { PageSpinner } from "../../components/ui/spinner";
import { Button } from "../../components/ui/button";
import { useLocale } from "../../lib/use-locale";
import { usePageTitle } from "../../lib/use-page-title";
import { usePublishedPosts } from "./blog-api";
import { useBlogStrings } from "../../lib/blog/blog-strings";
import { PostCard } from "./post-card";

/** /{lang}/blogs-guides: published posts and guides for the reader's language, newest first. */
export function BlogListPage() {
  const { t } = useTranslation();
  const ready = useBlogStrings();
  const locale = useLocale();
  const posts = usePublishedPosts(locale);
  usePageTitle(ready ? t("blog.list_title") : undefined);

  if (!ready) return <PageSpinner />;
  return (
    <main id="main">
      <section className="bg-gradient-to-b from-brand-50 to-slate-50 py-12 sm:py-16">
        <div className="mx-auto max-w-6xl px-4">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t("blog.list_title")}</h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-600">{t("blog.list_subtitle")}</p>
        </div>
      </section>
      <div className="mx-auto max-w-6xl px-4 py-10">
        {posts.isPending ? <PageSpinner /> : null}
        {posts.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 rounded-2xl border border-red-200 bg-red-50 px-4 py-10 text-center">
            <p className="font-medium text-red-800">{t("blog.load_error")}</p>
            <Button variant="secondary" onClick={() => void posts.refetch()}>
              {t("blog.retry")}
            </Button>
          </div>
        ) : null}
        {posts.data && posts.data.posts.length === 0 ? (
          <div className="rounded-2xl bg-white p-10 text-center ring-1 ring-slate-200">
            <p className="font-medium text-slate-900">{t("blog.empty_title")}</p>
            <p className="mt-1 text-sm text-slate-600">{t("blog.empty_body")}</p>
          </div>
        ) : null}
        {posts.data && posts.data.posts.length > 0 ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.data.posts.map((post, index) => (
              <PostCard key={`${post.language}/${post.slug}`} post={post} locale={locale} eager={index < 3} />
            ))}
          </ul>
        ) : null}
      </div>
    </main>
  );
}

export default BlogListPage;
