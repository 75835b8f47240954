import type { DehydratedState, QueryClient } from "@tanstack/react-query";

/** How long the API answers a page arrived with count as fresh: the server fetched them a moment ago. */
export const SERVER_ANSWER_FRESH_MS = 30_000;

/**
 * Without this, every query the page was rendered with would fetch again as the page is
 * taken over (staleTime 0), and each answer would re-render its part of the page at once:
 * a long task on a phone for data the server fetched a second ago. They turn stale
 * `SERVER_ANSWER_FRESH_MS` after the server fetched them; other queries keep the app's usual staleness (none).
 */
export function keepServerAnswersFresh(queryClient: QueryClient, dehydrated: DehydratedState) {
  const served = new Map(dehydrated.queries.map((query) => [query.queryHash, query.state.dataUpdatedAt]));
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    ...defaults,
    queries: {
      ...defaults.queries,
      staleTime: (query) => (served.get(query.queryHash) === query.state.dataUpdatedAt ? SERVER_ANSWER_FRESH_MS : 0),
    },
  });
}
