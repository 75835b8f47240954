import { Eye, EyeOff, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import type { AdminBlogPost } from "../../../shared/api/blog";
import { LOCALE_NAMES } from "../../../shared/i18n/locales";
import { Button } from "../../components/ui/button";
import { PageSpinner } from "../../components/ui/spinner";
import { localePath, useLocale } from "../../lib/use-locale";
import { usePageTitle } from "../../lib/use-page-title";
import { apiErrorMessage } from "../admin-rates/api-error-message";
import { useBlogStrings } from "../blog/blog-strings";
import { formatPostDate } from "../blog/post-date";
import { useAdminPosts, useSetPublished } from "./admin-blog-api";
import { DeletePostDialog } from "./delete-post-dialog";
import { PostEditorDialog, type PostEditorTarget } from "./post-editor-dialog";

/** /{lang}/blogs: every post in every language; create, edit with preview, publish, unpublish, delete (each change audited). */
export function AdminBlogPage() {
  const { t } = useTranslation();
  useBlogStrings();
  usePageTitle(t("blog.admin.page_title"));
  const locale = useLocale();
  const list = useAdminPosts();
  const publish = useSetPublished();
  const [editor, setEditor] = useState<PostEditorTarget>(null);
  const [deleting, setDeleting] = useState<AdminBlogPost | null>(null);
  const posts = list.data?.posts ?? [];

  const togglePublished = (post: AdminBlogPost) => {
    const published = post.status !== "published";
    publish.mutate(
      { id: post.id, published },
      {
        onSuccess: () => toast.success(t(published ? "blog.admin.published_toast" : "blog.admin.unpublished_toast", { title: post.title })),
        onError: (error) => toast.error(apiErrorMessage(t, error)),
      },
    );
  };

  return (
    <main id="main" className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t("blog.admin.page_title")}</h1>
          <p className="mt-1 text-sm text-slate-600">{t("blog.admin.page_subtitle")}</p>
        </div>
        <Button onClick={() => setEditor({ mode: "create" })}>
          <Plus aria-hidden="true" className="size-4" />
          {t("blog.admin.new_post")}
        </Button>
      </header>

      {list.isPending ? <PageSpinner /> : null}
      {list.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-4 text-red-800">
          <p>
            {t("blog.admin.load_error")} {apiErrorMessage(t, list.error)}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            {t("blog.retry")}
          </Button>
        </div>
      ) : null}
      {list.data && posts.length === 0 ? (
        <div className="rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">
          <p className="font-medium text-slate-900">{t("blog.admin.empty_title")}</p>
          <p className="mt-1 text-sm text-slate-600">{t("blog.admin.empty_body")}</p>
        </div>
      ) : null}
      {posts.length > 0 ? (
        <ul aria-label={t("blog.admin.list_label")} aria-busy={list.isFetching} className="divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
          {posts.map((post) => {
            const published = post.status === "published";
            const busy = publish.isPending && publish.variables.id === post.id;
            return (
              <li key={post.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0 space-y-1">
                  <p className="font-medium break-words text-slate-900" lang={post.language}>
                    {published ? (
                      <Link to={localePath(post.language, `/blog/${post.slug}`)} className="hover:underline">
                        {post.title}
                      </Link>
                    ) : (
                      post.title
                    )}
                  </p>
                  <p className="flex flex-wrap items-center gap-2 text-sm text-slate-500">
                    <span className={published ? "rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800 ring-1 ring-green-200" : "rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200"}>
                      {t(published ? "blog.admin.status_published" : "blog.admin.status_draft")}
                    </span>
                    <span>{LOCALE_NAMES[post.language].name}</span>
                    <bdi dir="ltr" className="font-mono text-xs">
                      /{post.slug}
                    </bdi>
                    {post.publishedAt ? <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt, locale)}</time> : null}
                  </p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  <Button variant="secondary" size="sm" onClick={() => setEditor({ mode: "edit", post })} aria-label={t("blog.admin.edit_named", { title: post.title })}>
                    <Pencil aria-hidden="true" className="size-4" />
                    {t("blog.admin.edit")}
                  </Button>
                  <Button variant="secondary" size="sm" disabled={busy} onClick={() => togglePublished(post)} aria-label={t(published ? "blog.admin.unpublish_named" : "blog.admin.publish_named", { title: post.title })}>
                    {published ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
                    {t(published ? "blog.admin.unpublish" : "blog.admin.publish")}
                  </Button>
                  <Button variant="danger" size="sm" onClick={() => setDeleting(post)} aria-label={t("blog.admin.delete_named", { title: post.title })}>
                    <Trash2 aria-hidden="true" className="size-4" />
                    {t("blog.admin.delete")}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}

      <PostEditorDialog target={editor} onClose={() => setEditor(null)} />
      <DeletePostDialog post={deleting} onClose={() => setDeleting(null)} />
    </main>
  );
}

export default AdminBlogPage;
