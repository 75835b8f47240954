import { dehydrate, hydrate, QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../app/providers";
import { keepServerAnswersFresh, SERVER_ANSWER_FRESH_MS } from "./server-answers";

/** What a server render leaves: the answers it fetched, dehydrated as render-page.tsx writes them. */
async function serverAnswers() {
  const server = new QueryClient();
  await server.prefetchQuery({ queryKey: ["rates", "public"], queryFn: () => ({ countries: 240 }) });
  return dehydrate(server);
}

/** Mounts a query as a component would; returns how often it fetched. */
function mount(client: QueryClient, queryKey: string[]) {
  const fetches = vi.fn(() => ({ countries: 241 }));
  const observer = new QueryObserver(client, { queryKey, queryFn: fetches });
  const unsubscribe = observer.subscribe(() => undefined);
  return { fetches, unsubscribe };
}

describe("keepServerAnswersFresh", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"] }));
  afterEach(() => vi.useRealTimers());

  it("does not fetch again what the page arrived with", async () => {
    const dehydrated = await serverAnswers();
    const client = createQueryClient();
    hydrate(client, dehydrated);
    keepServerAnswersFresh(client, dehydrated);
    const rates = mount(client, ["rates", "public"]);
    expect(rates.fetches).not.toHaveBeenCalled();
    rates.unsubscribe();
  });

  it("leaves every other query as stale as before, and the page's answers once they are old", async () => {
    const dehydrated = await serverAnswers();
    const client = createQueryClient();
    hydrate(client, dehydrated);
    keepServerAnswersFresh(client, dehydrated);
    const other = mount(client, ["site"]);
    expect(other.fetches).toHaveBeenCalledTimes(1);
    other.unsubscribe();

    vi.setSystemTime(Date.now() + SERVER_ANSWER_FRESH_MS + 1);
    const rates = mount(client, ["rates", "public"]);
    expect(rates.fetches).toHaveBeenCalledTimes(1);
    rates.unsubscribe();
  });

  it("is what makes the difference: without it the page's answers are fetched again at once", async () => {
    const dehydrated = await serverAnswers();
    const client = createQueryClient();
    hydrate(client, dehydrated);
    const rates = mount(client, ["rates", "public"]);
    expect(rates.fetches).toHaveBeenCalledTimes(1);
    rates.unsubscribe();
  });
});
