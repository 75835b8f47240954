import { useEffect, useRef } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { SupportAuthor, SupportMessage } from "../../../shared/api/support";
import { cn } from "../../lib/cn";
import { useLocale } from "../../lib/use-locale";

/**
 * A support conversation, oldest first, the reader's own messages on their side. Bodies are
 * text nodes with their line breaks (`whitespace-pre-wrap`): nothing a person wrote is ever
 * read as HTML. The list is a log, so a screen reader hears a new message as it arrives, and
 * the view keeps the latest message in sight.
 */
export function MessageList({ messages, ownSide, authorLabel }: { messages: SupportMessage[]; ownSide: "admin" | "customer"; authorLabel: (author: SupportAuthor) => string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const end = useRef<HTMLLIElement>(null);
  const latest = messages.at(-1)?.id;
  useEffect(() => {
    if (latest !== undefined) end.current?.scrollIntoView?.({ block: "nearest" });
  }, [latest]);
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <div role="log" aria-label={t("support.thread.log_label")}>
      <ol className="space-y-3">
      {messages.map((message) => {
        const own = ownSide === "admin" ? message.author === "admin" : message.author !== "admin";
        return (
          <li key={message.id} className={cn("flex", own ? "justify-end" : "justify-start")}>
            <article className={cn("max-w-[85%] rounded-2xl px-4 py-3 sm:max-w-[75%]", own ? "bg-brand-700 text-white" : "bg-white text-slate-900 ring-1 ring-slate-200")}>
              <header className={cn("mb-1 flex flex-wrap items-baseline gap-x-2 text-xs", own ? "text-brand-100" : "text-slate-500")}>
                <span className="font-semibold">{authorLabel(message.author)}</span>
                <time dateTime={message.createdAt}>{when.format(new Date(message.createdAt))}</time>
              </header>
              <p className="whitespace-pre-wrap break-words [overflow-wrap:anywhere]" dir="auto">
                {message.body}
              </p>
            </article>
          </li>
        );
      })}
      <li ref={end} aria-hidden="true" />
      </ol>
    </div>
  );
}
