import { createColumnHelper, createSortedRowModel, rowSortingFeature, tableFeatures, useTable, type SortingState } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { AdminBlogPost } from "../../../shared/api/blog";
import { LOCALE_NAMES } from "../../../shared/i18n/locales";
import { useLocale } from "../../lib/use-locale";
import { PostDate, PostLanguage, PostStatusBadge, PostTitle } from "./post-cells";

const features = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel() });
const helper = createColumnHelper<typeof features, AdminBlogPost>();

/** The columns the list sorts by, and what the phone's sort menu offers. */
export const SORTABLE_COLUMNS = ["date", "title", "language", "status"] as const;
export type SortableColumn = (typeof SORTABLE_COLUMNS)[number];

/** Newest first, as the server lists them, until the admin picks another order. */
const NEWEST_FIRST: SortingState = [{ id: "date", desc: true }];

/**
 * The posts as a sortable TanStack table, sorted in the browser (the list is every post, unpaged):
 * by date (published, else last edited), by title and language name in the page's language's
 * alphabetical order, or by status. The table on a wide screen and the cards on a phone both show
 * its rows, so they share one order.
 */
export function usePostsTable(posts: AdminBlogPost[], actions: (post: AdminBlogPost) => React.ReactNode) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [sorting, setSorting] = useState<SortingState>(NEWEST_FIRST);
  const columns = useMemo(() => {
    const collator = new Intl.Collator(locale, { sensitivity: "base", numeric: true });
    const byText = (text: (post: AdminBlogPost) => string) => (a: { original: AdminBlogPost }, b: { original: AdminBlogPost }) => collator.compare(text(a.original), text(b.original));
    return helper.columns([
      helper.accessor("title", {
        id: "title",
        header: () => t("blog.admin.column.title"),
        sortFn: byText((post) => post.title),
        sortDescFirst: false,
        cell: (info) => <PostTitle post={info.row.original} />,
        // Room for a title to wrap in a few lines rather than one word a line.
        meta: { className: "min-w-64" },
      }),
      helper.accessor("language", {
        id: "language",
        header: () => t("blog.admin.column.language"),
        sortFn: byText((post) => LOCALE_NAMES[post.language].name),
        sortDescFirst: false,
        cell: (info) => <PostLanguage post={info.row.original} />,
      }),
      helper.accessor("status", {
        id: "status",
        header: () => t("blog.admin.column.status"),
        sortFn: byText((post) => post.status),
        sortDescFirst: false,
        cell: (info) => <PostStatusBadge post={info.row.original} />,
      }),
      helper.accessor((post) => post.publishedAt ?? post.updatedAt, {
        id: "date",
        header: () => t("blog.admin.column.date"),
        // ISO 8601 instants in UTC compare as text.
        sortFn: (a, b) => compareText(a.original.publishedAt ?? a.original.updatedAt, b.original.publishedAt ?? b.original.updatedAt),
        sortDescFirst: true,
        cell: (info) => <PostDate post={info.row.original} />,
      }),
      helper.display({
        id: "actions",
        header: () => <span className="sr-only">{t("blog.admin.column.actions")}</span>,
        cell: (info) => actions(info.row.original),
      }),
    ]);
  }, [t, locale, actions]);
  const table = useTable({
    features,
    columns,
    data: posts,
    getRowId: (post) => post.id,
    state: { sorting },
    onSortingChange: setSorting,
    // One column at a time: a click on another header replaces the order, and a sorted list stays sorted.
    enableMultiSort: false,
    enableSortingRemoval: false,
  });
  return { table, sorting, setSorting };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
