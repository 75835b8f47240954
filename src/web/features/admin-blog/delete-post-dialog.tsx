import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import type { AdminBlogPost } from "../../../shared/api/blog";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
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
    <Dialog open={post !== null} onOpenChange={(open) => (open ? undefined : close())}>
      {post ? (
        <DialogContent role="alertdialog" title={t("blog.admin.delete_title", { title: post.title })} description={t("blog.admin.delete_description")}>
          {remove.isError ? (
            <p role="alert" className="mb-4 text-sm text-red-700">
              {apiErrorMessage(t, remove.error)}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={close} disabled={remove.isPending}>
              {t("blog.admin.cancel")}
            </Button>
            <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
              {t("blog.admin.delete_confirm")}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
