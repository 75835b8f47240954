import type { FastifyInstance } from "fastify";
import { pageState } from "../../shared/api/site";
import { AppError, notFound } from "./app-error";
import { JsonText, registerEndpoint } from "./endpoint";
import type { PageLimit } from "./page-limit";
import type { PageRenderer } from "./page-render";

/** Seconds a browser waits before asking again while every render slot is taken. */
const BUSY_RETRY_SECONDS = 2;

/**
 * GET /api/page-state?page=/en: the state a visitor's page was rendered from, asked for by its
 * app at the visitor's first use (decision 051). The page itself was sent without it. Taken
 * from the same kept render as the page's HTML (or rendered again, to the same result, on
 * another instance); never kept by the browser, since what a page shows changes. One that
 * must be rendered counts with the address's pages (page-limit.ts), as a page does.
 */
export function registerPageStateRoute(app: FastifyInstance, renderer: PageRenderer, pageLimit: PageLimit, pageExists: (pathname: string) => boolean): void {
  registerEndpoint(app, pageState, async ({ query, request, reply }) => {
    // A page the site does not have (an unknown country or post) is answered 404 as its address is, never rendered or kept.
    if (!pageExists(query.page.split("?")[0] ?? "")) throw notFound("No public page has this address");
    // A state kept from the page's own render is part of that page; one that must be rendered counts as a page.
    let wait: number | null = null;
    const state = await renderer.state(query.page, request, () => (wait = pageLimit(request)) === null);
    if (state === null) throw notFound("No public page has this address");
    if (state === "refused") {
      reply.header("retry-after", String(wait ?? 1));
      throw new AppError(429, "rate_limited", `Too many pages. Please wait ${wait ?? 1} seconds and try again.`);
    }
    if (state === "busy") {
      reply.header("retry-after", String(BUSY_RETRY_SECONDS));
      throw new AppError(503, "service_unavailable", "The page is busy; try again in a moment");
    }
    reply.header("cache-control", "no-store");
    return new JsonText(state);
  });
}
