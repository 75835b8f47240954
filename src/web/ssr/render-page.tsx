import { AsyncLocalStorage } from "node:async_hooks";
import { dehydrate, type Query, type QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { regionNamesOf, type RegionNames } from "../../shared/countries/countries";
import type { Locale } from "../../shared/i18n/locales";
import { AppProviders, createQueryClient } from "../app/providers";
import { routes } from "../app/router";
import { setApiTransport, type ApiTransport } from "../lib/api-client";
import { i18n } from "../lib/i18n/i18n";
import { STARTUP_PREFIXES } from "../lib/i18n/i18n";
import { observePrefixes } from "../lib/i18n/use-strings";
import type { RenderedPage, RenderRequest, SsrState } from "../../shared/site/ssr-state";

/**
 * The server's side of server rendering (decision 016), built by Vite into dist/ssr and
 * loaded by src/server/http/page-render.ts. A public page is rendered with the same
 * routes, components and API answers the browser would use, so the HTML holds what the
 * person will see; the browser then hydrates it (src/web/main.tsx).
 */
/** Data the page asked for during one render is fetched, then the page is rendered again; a page whose data leads to more data takes a few rounds. */
const MAX_ROUNDS = 4;

const requests = new AsyncLocalStorage<{ api: ApiTransport; prefixes: Set<string> }>();
setApiTransport((url, init) => {
  const current = requests.getStore();
  if (!current) return Promise.reject(new Error(`API call outside a page render: ${url}`));
  return current.api(url, init);
});
observePrefixes((prefixes) => {
  const current = requests.getStore();
  for (const prefix of prefixes) current?.prefixes.add(prefix);
});

/** The last strings loaded per language: loading them again only when the server's copy changed. */
const loadedStrings = new Map<Locale, Record<string, string>>();

function loadStrings(language: Locale, strings: Record<string, string>) {
  if (loadedStrings.get(language) === strings) return;
  i18n.addStrings(language, strings);
  loadedStrings.set(language, strings);
}

/** Renders the page at `url`, or returns null when the router answers with a redirect instead of a page. */
export async function renderPage(request: RenderRequest): Promise<RenderedPage | null> {
  loadStrings("en", request.english);
  loadStrings(request.language, request.strings);
  // One instance per request: its language is this page's, and it notes which keys the page used.
  const used = new Set<string>();
  const translator = i18n.forLanguage(request.language);
  const translate = translator.t;
  translator.t = (key, options) => {
    for (const one of typeof key === "string" ? [key] : key) used.add(one);
    return translate(key, options);
  };

  const prefixes = new Set<string>();
  return requests.run({ api: request.api, prefixes }, async () => {
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(new URL(request.url, request.origin)));
    if (context instanceof Response) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    const queryClient = createQueryClient();
    const session = await readSession(request.api);

    const renderOnce = () =>
      renderToString(
        <StrictMode>
          <AppProviders queryClient={queryClient} i18n={translator} session={session}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </StrictMode>,
      );

    let html = await renderOnce();
    for (let round = 1; round < MAX_ROUNDS; round++) {
      const wanted = queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === "pending" && query.state.fetchStatus === "idle" && isEnabled(query));
      if (wanted.length === 0) break;
      // A failed request leaves its query in error; the page renders that as the browser would.
      await Promise.all(wanted.map((query) => query.fetch().catch(() => undefined)));
      html = await renderOnce();
    }
    // The startup strings too: the browser then has every string its first screens and error messages use and loads the rest without re-rendering the page (seedLocale).
    const seeded = new Set([...prefixes, ...STARTUP_PREFIXES]);
    return { html, state: { language: request.language, strings: pick(request.strings, used, seeded), english: request.language === "en" ? {} : pick(request.english, used, seeded), queries: dehydrateAnswers(queryClient), regionNames: namesFor(request.language), session } };
  });
}

/** Who is signed in, as better-auth answers the visitor's cookie: only who and until when go into the page. */
async function readSession(api: RenderRequest["api"]): Promise<SsrState["session"]> {
  const answer = await api("/api/auth/get-session", { method: "GET" });
  const body = (answer.ok ? await answer.json().catch(() => null) : null) as { user?: { id: string; email: string }; session?: { expiresAt: string } } | null;
  if (!body?.user || !body.session) return null;
  return { user: { id: body.user.id, email: body.user.email }, session: { expiresAt: String(body.session.expiresAt) } };
}

const regionNames = new Map<string, RegionNames>();
function namesFor(language: Locale): Record<string, RegionNames> {
  const names: Record<string, RegionNames> = {};
  for (const locale of new Set(["en", language])) {
    let known = regionNames.get(locale);
    if (!known) regionNames.set(locale, (known = regionNamesOf(locale)));
    names[locale] = known;
  }
  return names;
}

/** A query's `enabled` as its component set it (a function is asked). */
function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof enabled === "function" ? enabled(query) : enabled !== false;
}

/** Only answers that arrived: a pending or failed query is asked again by the browser. */
function dehydrateAnswers(queryClient: QueryClient) {
  return dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === "success" });
}

/**
 * The strings under the keys the page used, with their plural forms ("key_one", "key_other"),
 * and every string under the prefixes the page waited for (useStrings), so it is ready in the browser too.
 */
function pick(strings: Record<string, string>, used: Set<string>, prefixes: Set<string>): Record<string, string> {
  const picked: Record<string, string> = {};
  const waited = [...prefixes].map((prefix) => prefix.toLowerCase());
  for (const [key, value] of Object.entries(strings)) {
    const base = key.replace(/_(zero|one|two|few|many|other|ordinal_[a-z]+)$/, "");
    if (used.has(key) || used.has(base) || waited.some((prefix) => key.toLowerCase().startsWith(prefix))) picked[key] = value;
  }
  return picked;
}

/** Waits for every lazy part of the page (a lazy Markdown renderer, say), unlike renderToString. */
async function renderToString(element: React.ReactNode): Promise<string> {
  // Every part inline, in document order: React would otherwise move large parts behind scripts that reveal them later (which the CSP forbids).
  const { prelude } = await prerenderToNodeStream(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}
