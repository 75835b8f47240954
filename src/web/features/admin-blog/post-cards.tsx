import { useTranslation } from "react-i18next";
import { PostActions, PostDate, PostLanguage, PostStatusBadge, PostTitle, type PostActionHandlers } from "./post-cells";
import type { PostsTable } from "./use-posts-table";

/** The posts as cards, for phones: the table's rows in the table's order, each post's facts stacked. */
export function PostCards({ table, handlers }: { table: PostsTable; handlers: PostActionHandlers }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t("blog.admin.list_label")} className="space-y-3">
      {table.getRowModel().rows.map(({ original: post }) => (
        <li key={post.id} className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <div className="flex items-start justify-between gap-3">
            <PostTitle post={post} />
            <PostStatusBadge post={post} />
          </div>
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600">
            <PostLanguage post={post} />
            <PostDate post={post} />
          </p>
          <PostActions post={post} handlers={handlers} />
        </li>
      ))}
    </ul>
  );
}
