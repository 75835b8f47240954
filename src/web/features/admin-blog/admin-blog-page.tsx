import { Plus } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { notify } from "../../lib/notify";
import type { AdminBlogPost } from "../../../shared/api/blog";
import { Button } from "../../components/ui/button";
import { DataTable } from "../../components/ui/data-table";
import { PageSpinner } from "../../components/ui/spinner";
import { useMediaQuery } from "../../lib/use-media-query";
import { usePageTitle } from "../../lib/use-page-title";
import { apiErrorMessage } from "../../lib/api-error-message";
import { BLOG_PREFIXES, useBlogStrings } from "../../lib/blog/blog-strings";
import { useAdminPosts, useSetPublished } from "./admin-blog-api";
import { DeletePostDialog } from "./delete-post-dialog";
import { PostCard } from "./post-card";
import { PostActions, type PostActionHandlers } from "./post-cells";
import { PostEditorDialog, type PostEditorTarget } from "./post-editor-dialog";
import { PostSortSelect } from "./post-sort-select";
import { usePostsTable } from "./use-posts-table";

/**
 * /{lang}/blogs: every post in every language, as a table sortable by date, title, language and status
 * (cards with a sort menu on a phone); create, edit with preview, publish, unpublish, delete (each change audited).
 */
export function AdminBlogPage() {
  const { t } = useTranslation();
  useBlogStrings();
  usePageTitle(t("blog.admin.page_title"));
  const list = useAdminPosts();
  const publish = useSetPublished();
  const [editor, setEditor] = useState<PostEditorTarget>(null);
  const [deleting, setDeleting] = useState<AdminBlogPost | null>(null);
  const posts = useMemo(() => list.data?.posts ?? [], [list.data]);
  const wide = useMediaQuery("(min-width: 768px)");

  // mutate is stable; the mutation object is not.
  const { mutate: setPublished } = publish;
  const togglePublished = useCallback((post: AdminBlogPost) => {
    const published = post.status !== "published";
    setPublished(
      { id: post.id, published },
      {
        onSuccess: () => notify.success(t(published ? "blog.admin.published_toast" : "blog.admin.unpublished_toast", { title: post.title })),
        onError: (error) => notify.error(apiErrorMessage(t, error)),
      },
    );
  }, [setPublished, t]);
  const busyId = publish.isPending ? publish.variables.id : null;
  const handlers = useMemo<PostActionHandlers>(
    () => ({ onEdit: (post) => setEditor({ mode: "edit", post }), onTogglePublished: togglePublished, onDelete: setDeleting, busyId }),
    [togglePublished, busyId],
  );
  const actions = useCallback((post: AdminBlogPost) => <PostActions post={post} handlers={handlers} />, [handlers]);
  const { table, sorting, setSorting } = usePostsTable(posts, actions);

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
        <div aria-busy={list.isFetching} className="space-y-3">
          {/* On a phone there are no column headers to click: the same orders as a menu. */}
          {wide ? null : <PostSortSelect sorting={sorting} onChange={setSorting} />}
          <DataTable table={table} label={t("blog.admin.list_label")} wide={wide} card={(row) => <PostCard post={row.original} handlers={handlers} />} cardClassName={() => "space-y-3"} />
        </div>
      ) : null}

      <PostEditorDialog target={editor} onClose={() => setEditor(null)} />
      <DeletePostDialog post={deleting} onClose={() => setDeleting(null)} />
    </main>
  );
}

export default AdminBlogPage;

/** The strings this page waits for (app/page-routes.tsx). */
export const pageStrings = BLOG_PREFIXES;
