import { Search } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { useSearchParams } from "react-router";
import { ADMIN_SUPPORT_FILTERS } from "../../../shared/api/admin-support";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { PAGE_WIDTH } from "../../components/ui/page-width";
import { PageSpinner } from "../../components/ui/spinner";
import { Switch } from "../../components/ui/switch";
import { apiErrorMessage } from "../../lib/api-error-message";
import { cn } from "../../lib/cn";
import { usePageTitle } from "../../lib/use-page-title";
import { useInbox, type InboxFilter } from "./admin-support-api";
import { InboxList } from "./inbox-list";
import { ThreadView } from "./thread-view";

/**
 * /{lang}/admin-support: customers' conversations and visitors' tickets, filtered by status
 * and unread and searched; the open one (`?c=` in the address, so it can be linked) beside
 * the list on wide screens, in its place on phones.
 */
export function AdminSupportPage() {
  const { t } = useTranslation();
  usePageTitle(t("admin_support.title"));
  const [params, setParams] = useSearchParams();
  const selected = params.get("c");
  const [filter, setFilter] = useState<InboxFilter>({ status: "open", unread: false, q: "", page: 1 });
  const [typed, setTyped] = useState("");
  const inbox = useInbox(filter);
  const select = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set("c", id);
        else next.delete("c");
        return next;
      },
      { replace: id === null },
    );
  const pages = inbox.data ? Math.max(1, Math.ceil(inbox.data.total / inbox.data.pageSize)) : 1;

  return (
    <main id="main" className={cn(PAGE_WIDTH, "space-y-6 py-10")}>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t("admin_support.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {t("admin_support.subtitle")} {inbox.data ? t("admin_support.unread_total", { count: inbox.data.unreadTotal }) : null}
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <section aria-labelledby="support-inbox" className={cn("space-y-4", selected && "hidden lg:block")}>
          <h2 id="support-inbox" className="sr-only">
            {t("admin_support.inbox_label")}
          </h2>
          <form
            role="search"
            className="flex gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              setFilter((current) => ({ ...current, q: typed.trim(), page: 1 }));
            }}
          >
            <label className="sr-only" htmlFor="support-search">
              {t("admin_support.search_label")}
            </label>
            <Input id="support-search" type="search" value={typed} onChange={(event) => setTyped(event.target.value)} placeholder={t("admin_support.search_placeholder")} maxLength={100} />
            <Button type="submit" variant="secondary" aria-label={t("admin_support.search")}>
              <Search aria-hidden="true" className="size-4" />
            </Button>
          </form>
          <div className="flex flex-wrap items-center gap-4">
            <label className="flex items-center gap-2 text-sm text-slate-700">
              {t("admin_support.filter_status")}
              <select
                value={filter.status}
                onChange={(event) => setFilter((current) => ({ ...current, status: event.target.value as InboxFilter["status"], page: 1 }))}
                className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm"
              >
                {ADMIN_SUPPORT_FILTERS.map((status) => (
                  <option key={status} value={status}>
                    {t(`admin_support.filter.${status}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <Switch checked={filter.unread} onCheckedChange={(unread) => setFilter((current) => ({ ...current, unread, page: 1 }))} />
              {t("admin_support.filter_unread")}
            </label>
          </div>
          {inbox.isPending ? <PageSpinner /> : null}
          {inbox.isError ? (
            <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-4 text-red-800">
              <p>{apiErrorMessage(t, inbox.error)}</p>
              <Button variant="secondary" size="sm" onClick={() => void inbox.refetch()}>
                {t("admin_support.retry")}
              </Button>
            </div>
          ) : null}
          {inbox.data && inbox.data.conversations.length === 0 ? (
            <div className="rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">
              <p className="font-medium text-slate-900">{t("admin_support.empty_title")}</p>
              <p className="mt-1 text-sm text-slate-600">{t("admin_support.empty_body")}</p>
            </div>
          ) : null}
          {inbox.data && inbox.data.conversations.length > 0 ? <InboxList rows={inbox.data.conversations} selected={selected} onSelect={select} /> : null}
          {pages > 1 ? (
            <nav aria-label={t("admin_support.pages")} className="flex items-center justify-between text-sm">
              <Button variant="secondary" size="sm" disabled={filter.page <= 1} onClick={() => setFilter((current) => ({ ...current, page: current.page - 1 }))}>
                {t("admin_support.previous")}
              </Button>
              <span>{t("admin_support.page_of", { page: filter.page, pages })}</span>
              <Button variant="secondary" size="sm" disabled={filter.page >= pages} onClick={() => setFilter((current) => ({ ...current, page: current.page + 1 }))}>
                {t("admin_support.next")}
              </Button>
            </nav>
          ) : null}
        </section>
        <div className={cn(!selected && "hidden lg:block")}>
          {selected ? (
            <ThreadView conversationId={selected} onBack={() => select(null)} />
          ) : (
            <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600">{t("admin_support.pick_one")}</p>
          )}
        </div>
      </div>
    </main>
  );
}

export default AdminSupportPage;

/** The strings this page waits for (app/page-routes.tsx): its own, the thread's, and the status words of calls and payments. */
export const pageStrings = ["admin_support.", "support.thread.", "history.status.", "admin_payments.status."];
