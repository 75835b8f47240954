import { Eye, EyeOff, Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Link } from "react-router";
import type { AdminBlogPost } from "../../../shared/api/blog";
import { LOCALE_NAMES } from "../../../shared/i18n/locales";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { localePath, useLocale } from "../../lib/use-locale";
import { formatPostDate } from "../../lib/blog/post-date";

/** The title in the post's own language, a link to the post while it is published, and its address under it. */
export function PostTitle({ post }: { post: AdminBlogPost }) {
  return (
    <span className="block min-w-0 space-y-0.5">
      <span className="block font-medium break-words text-slate-900" lang={post.language}>
        {post.status === "published" ? (
          <Link to={localePath(post.language, `/blog/${post.slug}`)} className="hover:underline">
            {post.title}
          </Link>
        ) : (
          post.title
        )}
      </span>
      <bdi dir="ltr" className="block font-mono text-xs break-all text-slate-500">
        /{post.slug}
      </bdi>
    </span>
  );
}

export function PostLanguage({ post }: { post: AdminBlogPost }) {
  return <span lang={post.language}>{LOCALE_NAMES[post.language].name}</span>;
}

export function PostStatusBadge({ post }: { post: AdminBlogPost }) {
  const { t } = useTranslation();
  const published = post.status === "published";
  return (
    <span
      className={cn(
        "inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1",
        published ? "bg-green-50 text-green-800 ring-green-200" : "bg-slate-100 text-slate-700 ring-slate-200",
      )}
    >
      {t(published ? "blog.admin.status_published" : "blog.admin.status_draft")}
    </span>
  );
}

/** The publication date, or for a post never published the date it was last edited, said as such. */
export function PostDate({ post }: { post: AdminBlogPost }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (post.publishedAt !== null) {
    return (
      <time dateTime={post.publishedAt} className="whitespace-nowrap">
        {formatPostDate(post.publishedAt, locale)}
      </time>
    );
  }
  return (
    <time dateTime={post.updatedAt} className="whitespace-nowrap text-slate-600">
      {t("blog.admin.edited_on", { date: formatPostDate(post.updatedAt, locale) })}
    </time>
  );
}

export interface PostActionHandlers {
  onEdit: (post: AdminBlogPost) => void;
  onTogglePublished: (post: AdminBlogPost) => void;
  onDelete: (post: AdminBlogPost) => void;
  /** The post whose publish or unpublish is under way, if any. */
  busyId: string | null;
}

/** Edit, publish or unpublish, delete: each button named with the post's title, for screen readers in a list of many. */
export function PostActions({ post, handlers }: { post: AdminBlogPost; handlers: PostActionHandlers }) {
  const { t } = useTranslation();
  const published = post.status === "published";
  return (
    <span className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" onClick={() => handlers.onEdit(post)} aria-label={t("blog.admin.edit_named", { title: post.title })}>
        <Pencil aria-hidden="true" className="size-4" />
        {t("blog.admin.edit")}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={handlers.busyId === post.id}
        onClick={() => handlers.onTogglePublished(post)}
        aria-label={t(published ? "blog.admin.unpublish_named" : "blog.admin.publish_named", { title: post.title })}
      >
        {published ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
        {t(published ? "blog.admin.unpublish" : "blog.admin.publish")}
      </Button>
      <Button variant="danger" size="sm" onClick={() => handlers.onDelete(post)} aria-label={t("blog.admin.delete_named", { title: post.title })}>
        <Trash2 aria-hidden="true" className="size-4" />
        {t("blog.admin.delete")}
      </Button>
    </span>
  );
}
