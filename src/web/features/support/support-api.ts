import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createSupportTicket, mySupportConversation, readSupportConversation, sendSupportMessage } from "../../../shared/api/support";
import type { Locale } from "../../../shared/i18n/locales";
import { SUPPORT_UNREAD_POLL_MS } from "../../../shared/support/support-limits";
import { callApi } from "../../lib/api-client";
import { SUPPORT_CONVERSATION_QUERY_KEY, SUPPORT_UNREAD_QUERY_KEY } from "../../lib/live-events";

/**
 * The customer's conversation. `support.unread` events refetch it as replies arrive; while
 * the page is open it is also read every 30 s (the spec's unread poll) in case the stream is down.
 */
export function useMyConversation() {
  return useQuery({
    queryKey: SUPPORT_CONVERSATION_QUERY_KEY,
    queryFn: ({ signal }) => callApi(mySupportConversation, { signal }),
    refetchInterval: SUPPORT_UNREAD_POLL_MS,
  });
}

export function useSendMessage(locale: Locale) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => callApi(sendSupportMessage, { body: { body, lang: locale } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SUPPORT_CONVERSATION_QUERY_KEY }),
  });
}

/** Marks the replies read up to a message; the header's badge takes the count the server answers. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, throughMessageId }: { conversationId: string; throughMessageId: number }) =>
      callApi(readSupportConversation, { params: { conversationId }, body: { throughMessageId } }),
    onSuccess: ({ unread }) => queryClient.setQueryData(SUPPORT_UNREAD_QUERY_KEY, { count: unread }),
  });
}

export function useCreateTicket() {
  return useMutation({
    mutationFn: (ticket: { email: string; subject: string; message: string; lang: Locale }) => callApi(createSupportTicket, { body: ticket }),
  });
}
