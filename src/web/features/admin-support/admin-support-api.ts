import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminSupportList, adminSupportRead, adminSupportReply, adminSupportStatus, adminSupportThread, type ADMIN_SUPPORT_FILTERS } from "../../../shared/api/admin-support";
import type { SupportStatus } from "../../../shared/api/support";
import { SUPPORT_UNREAD_POLL_MS } from "../../../shared/support/support-limits";
import { callApi } from "../../lib/api-client";

export interface InboxFilter {
  status: (typeof ADMIN_SUPPORT_FILTERS)[number];
  unread: boolean;
  q: string;
  page: number;
}

const INBOX_KEY = ["admin-support"] as const;

/** The inbox: admins have no live events of their own, so it is read again every 30 s (the spec's unread poll). */
export function useInbox(filter: InboxFilter) {
  return useQuery({
    queryKey: [...INBOX_KEY, "list", filter],
    queryFn: ({ signal }) => callApi(adminSupportList, { query: { status: filter.status, unread: filter.unread ? "true" : "false", q: filter.q, page: filter.page }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: SUPPORT_UNREAD_POLL_MS,
  });
}

export function useThread(conversationId: string | null) {
  return useQuery({
    queryKey: [...INBOX_KEY, "thread", conversationId],
    queryFn: ({ signal }) => callApi(adminSupportThread, { params: { conversationId: conversationId ?? "" }, signal }),
    enabled: conversationId !== null,
    refetchInterval: SUPPORT_UNREAD_POLL_MS,
  });
}

/** After any change the list and the thread are read again (counts, previews, status). */
function useRefreshInbox() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: INBOX_KEY });
}

export function useReply(conversationId: string) {
  const refresh = useRefreshInbox();
  return useMutation({
    mutationFn: (body: string) => callApi(adminSupportReply, { params: { conversationId }, body: { body } }),
    onSuccess: refresh,
  });
}

export function useAdminRead() {
  const refresh = useRefreshInbox();
  return useMutation({
    mutationFn: ({ conversationId, throughMessageId }: { conversationId: string; throughMessageId: number }) =>
      callApi(adminSupportRead, { params: { conversationId }, body: { throughMessageId } }),
    onSuccess: refresh,
  });
}

export function useSetStatus(conversationId: string) {
  const refresh = useRefreshInbox();
  return useMutation({
    mutationFn: (status: SupportStatus) => callApi(adminSupportStatus, { params: { conversationId }, body: { status } }),
    onSuccess: refresh,
  });
}
