import { useTranslation } from "../../lib/i18n/use-translation";
import type { SupportAuthor } from "../../../shared/api/support";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { ltrText } from "../../components/ui/ltr";
import { PageSpinner } from "../../components/ui/spinner";
import { MessageComposer } from "../../components/support-thread/message-composer";
import { MESSAGE_LIMIT_VALUES } from "../../components/support-thread/message-schema";
import { MessageList } from "../../components/support-thread/message-list";
import { useReadOnView } from "../../components/support-thread/use-read-on-view";
import { apiErrorMessage } from "../../lib/api-error-message";
import { useLocale } from "../../lib/use-locale";
import { useMarkRead, useMyConversation, useSendMessage } from "./support-api";

/**
 * A signed-in customer's one conversation with the support team: what they wrote and what
 * the team answered, replies arriving live, read as soon as they are on screen.
 */
export function CustomerSupport() {
  const { t } = useTranslation();
  const locale = useLocale();
  const conversation = useMyConversation();
  const send = useSendMessage(locale);
  const markRead = useMarkRead();
  const messages = conversation.data?.messages ?? [];
  useReadOnView(conversation.data?.conversation?.id, messages, (message) => message.author === "admin", markRead.mutate);
  const authorLabel = (author: SupportAuthor) => (author === "admin" ? t("support.thread.team") : t("support.thread.you"));

  return (
    <section aria-labelledby="support-conversation" className="space-y-4">
      <div>
        <h2 id="support-conversation" className="text-xl font-semibold text-slate-900">
          {t("support.customer.heading")}
        </h2>
        <p className="mt-1 text-slate-600">{t("support.customer.intro")}</p>
      </div>
      <Card className="space-y-6 bg-slate-50">
        {conversation.isPending ? <PageSpinner /> : null}
        {conversation.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-4 text-red-800">
            <p>{t("support.customer.load_error")}</p>
            <Button variant="secondary" size="sm" onClick={() => void conversation.refetch()}>
              {t("support.retry")}
            </Button>
          </div>
        ) : null}
        {conversation.data && messages.length === 0 ? <p className="py-6 text-center text-slate-600">{t("support.customer.empty")}</p> : null}
        {messages.length > 0 ? <MessageList messages={messages} ownSide="customer" authorLabel={authorLabel} /> : null}
        {conversation.data?.conversation ? (
          <p className="text-sm text-slate-500">
            {conversation.data.conversation.status === "closed" ? t("support.customer.closed_note") : null} {t("support.customer.reference", { reference: ltrText(conversation.data.conversation.reference) })}
          </p>
        ) : null}
        <MessageComposer
          label={t("support.customer.message_label")}
          sendLabel={t("support.send")}
          disabled={conversation.isPending}
          onSend={async (body) => {
            try {
              await send.mutateAsync(body);
            } catch (error) {
              throw new Error(apiErrorMessage(t, error, { values: { support_message_too_long: MESSAGE_LIMIT_VALUES } }), { cause: error });
            }
          }}
        />
      </Card>
    </section>
  );
}
