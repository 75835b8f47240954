import { useTranslation } from "../../lib/i18n/use-translation";
import { notify } from "../../lib/notify";
import type { AdminBlogPost } from "../../../shared/api/blog";
import { ConfirmDeleteDialog } from "../../components/ui/confirm-delete-dialog";
import { apiErrorMessage } from "../../lib/api-error-message";
import { useDeletePost } from "./admin-blog-api";

/** Asks before deleting: a deleted post leaves the blog and its address answers 404. */
export function DeletePostDialog({ post, onClose }: { post: AdminBlogPost | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeletePost();
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!post) return;
    remove.mutate(post.id, {
      onSuccess: () => {
        notify.success(t("blog.admin.deleted", { title: post.title }));
        close();
      },
    });
  };
  return (
    <ConfirmDeleteDialog
      open={post !== null}
      title={post ? t("blog.admin.delete_title", { title: post.title }) : ""}
      description={t("blog.admin.delete_description")}
      error={remove.isError ? apiErrorMessage(t, remove.error) : null}
      pending={remove.isPending}
      cancelLabel={t("blog.admin.cancel")}
      confirmLabel={t("blog.admin.delete_confirm")}
      onCancel={close}
      onConfirm={confirm}
    />
  );
}
