import { useTranslation } from "../../lib/i18n/use-translation";
import type { AdminSupportRow } from "../../../shared/api/admin-support";
import { cn } from "../../lib/cn";
import { useLocale } from "../../lib/use-locale";

/**
 * The inbox's rows, latest message first: who, the subject or the start of the latest message,
 * when, the unread count, and whether it is a visitor's ticket or closed. Each row opens its thread.
 */
export function InboxList({ rows, selected, onSelect }: { rows: AdminSupportRow[]; selected: string | null; onSelect: (id: string) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short" });
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200" aria-label={t("admin_support.inbox_label")}>
      {rows.map((row) => (
        <li key={row.id}>
          <button
            type="button"
            onClick={() => onSelect(row.id)}
            aria-current={row.id === selected ? "true" : undefined}
            className={cn("block w-full px-4 py-3 text-start hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2", row.id === selected && "bg-brand-50")}
          >
            <span className="flex items-baseline justify-between gap-2">
              <span className={cn("truncate", row.unread > 0 ? "font-semibold text-slate-900" : "text-slate-800")} dir="auto">
                {row.name ?? row.email}
              </span>
              <time dateTime={row.lastMessageAt} className="shrink-0 text-xs text-slate-500">
                {when.format(new Date(row.lastMessageAt))}
              </time>
            </span>
            {row.subject ? (
              <span className="block truncate text-sm font-medium text-slate-700" dir="auto">
                {row.subject}
              </span>
            ) : null}
            <span className="mt-0.5 line-clamp-2 text-sm text-slate-600" dir="auto">
              {row.preview}
            </span>
            <span className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs">
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">{t(row.kind === "visitor" ? "admin_support.kind_visitor" : "admin_support.kind_customer")}</span>
              {row.status === "closed" ? <span className="rounded-full bg-slate-200 px-2 py-0.5 text-slate-700">{t("admin_support.status_closed")}</span> : null}
              {row.unread > 0 ? (
                <span className="rounded-full bg-red-600 px-2 py-0.5 font-semibold text-white">{t("admin_support.unread_count", { count: row.unread })}</span>
              ) : null}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
