import { ArrowLeft, Lock, LockOpen } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { SupportAuthor } from "../../../shared/api/support";
import { MessageComposer } from "../../components/support-thread/message-composer";
import { MESSAGE_LIMIT_VALUES } from "../../components/support-thread/message-schema";
import { MessageList } from "../../components/support-thread/message-list";
import { useReadOnView } from "../../components/support-thread/use-read-on-view";
import { Button } from "../../components/ui/button";
import { Ltr } from "../../components/ui/ltr";
import { Spinner } from "../../components/ui/spinner";
import { apiErrorMessage } from "../../lib/api-error-message";
import { notify } from "../../lib/notify";
import { AccountPanel } from "./account-panel";
import { useAdminRead, useReply, useSetStatus, useThread } from "./admin-support-api";

/**
 * One conversation or ticket: its messages (read as they are shown), the reply box (a visitor's
 * answer goes by email, and the box says so), close or reopen, and a customer's account beside it.
 */
export function ThreadView({ conversationId, onBack }: { conversationId: string; onBack: () => void }) {
  const { t } = useTranslation();
  const thread = useThread(conversationId);
  const reply = useReply(conversationId);
  const read = useAdminRead();
  const status = useSetStatus(conversationId);
  const messages = thread.data?.messages ?? [];
  useReadOnView(conversationId, messages, (message) => message.author !== "admin", read.mutate);

  if (thread.isPending) return <Spinner className="m-8" />;
  if (thread.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-4 text-red-800">
        <p>{apiErrorMessage(t, thread.error)}</p>
        <Button variant="secondary" size="sm" onClick={() => void thread.refetch()}>
          {t("admin_support.retry")}
        </Button>
      </div>
    );
  }
  const { conversation, account } = thread.data;
  const visitor = conversation.kind === "visitor";
  const authorLabel = (author: SupportAuthor) => (author === "admin" ? t("support.thread.team") : (conversation.name ?? conversation.email));
  const closed = conversation.status === "closed";

  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_18rem]">
      <section aria-labelledby="support-thread-heading" className="min-w-0 space-y-4">
        <Button variant="ghost" size="sm" onClick={onBack} className="lg:hidden">
          <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          {t("admin_support.back")}
        </Button>
        <header className="flex flex-wrap items-start justify-between gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <div className="min-w-0">
            <h2 id="support-thread-heading" className="truncate text-lg font-semibold text-slate-900" dir="auto">
              {conversation.subject ?? conversation.name ?? conversation.email}
            </h2>
            <p className="text-sm text-slate-600">
              <Ltr>{conversation.email}</Ltr> · <Ltr>{conversation.reference}</Ltr> · {t(visitor ? "admin_support.kind_visitor" : "admin_support.kind_customer")} ·{" "}
              {t(closed ? "admin_support.status_closed" : "admin_support.status_open")}
            </p>
          </div>
          <Button
            variant="secondary"
            size="sm"
            disabled={status.isPending}
            onClick={() =>
              status.mutate(closed ? "open" : "closed", {
                onSuccess: () => notify.success(t(closed ? "admin_support.reopened" : "admin_support.closed")),
                onError: (error) => notify.error(apiErrorMessage(t, error)),
              })
            }
          >
            {closed ? <LockOpen aria-hidden="true" className="size-4" /> : <Lock aria-hidden="true" className="size-4" />}
            {t(closed ? "admin_support.reopen" : "admin_support.close")}
          </Button>
        </header>
        <div className="rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <MessageList messages={messages} ownSide="admin" authorLabel={authorLabel} />
        </div>
        <MessageComposer
          key={conversationId}
          label={visitor ? t("admin_support.reply_by_email", { email: conversation.email }) : t("admin_support.reply_label")}
          sendLabel={t("admin_support.send_reply")}
          onSend={async (body) => {
            try {
              await reply.mutateAsync(body);
              notify.success(t(visitor ? "admin_support.reply_emailed" : "admin_support.reply_sent"));
            } catch (error) {
              throw new Error(apiErrorMessage(t, error, { values: { support_message_too_long: MESSAGE_LIMIT_VALUES } }), { cause: error });
            }
          }}
        />
      </section>
      {account ? <AccountPanel account={account} /> : null}
    </div>
  );
}
