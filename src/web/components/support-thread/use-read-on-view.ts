import { useEffect, useRef, useState } from "react";
import type { SupportMessage } from "../../../shared/api/support";

function useVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === "undefined" || document.visibilityState !== "hidden");
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== "hidden");
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return visible;
}

/**
 * Marks the other side's messages read while the page shows them: on opening, when a reply
 * arrives, and when the tab comes back into view (a reply that arrived in a hidden tab stays
 * unread, and counts, until then). Each message id is asked about once.
 */
export function useReadOnView(
  conversationId: string | undefined,
  messages: readonly SupportMessage[],
  isIncoming: (message: SupportMessage) => boolean,
  markRead: (input: { conversationId: string; throughMessageId: number }) => void,
): void {
  const visible = useVisible();
  const unreadThrough = messages.filter((message) => isIncoming(message) && message.readAt === null).at(-1)?.id;
  const asked = useRef(new Set<string>());
  useEffect(() => {
    if (!visible || !conversationId || unreadThrough === undefined) return;
    const key = `${conversationId}:${unreadThrough}`;
    if (asked.current.has(key)) return;
    asked.current.add(key);
    markRead({ conversationId, throughMessageId: unreadThrough });
  }, [visible, conversationId, unreadThrough, markRead]);
}
