import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import { SESSION_COOKIE_NAME } from "../auth/auth";
import { isLocale, type Locale } from "../../shared/i18n/locales";
import { PUBLIC_PAGE_PATHS } from "../../shared/site/page-paths";
import { canonicalPageAddress } from "../../shared/site/page-query";
import { APP_START_ATTRIBUTE, APP_START_ON_FIRST_USE, serializeSsrState, SSR_STATE_ELEMENT_ID, type RenderedPage, type RenderRequest } from "../../shared/site/ssr-state";

/** Writes a public page's content into its HTML; the HTML unchanged for any other page. */
export type BodyRenderer = (html: string, request: FastifyRequest) => Promise<string>;

/** better-auth's session cookie, with or without the __Secure- prefix. */
const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${SESSION_COOKIE_NAME.replace(".", "\\.")}=`);

type RenderModule = { renderPage: (request: RenderRequest) => Promise<RenderedPage | null> };

type PublicPagePath = (typeof PUBLIC_PAGE_PATHS)[number];

/** Each public page's address under any two-letter prefix, with or without a trailing slash. */
const PUBLIC_PAGES = PUBLIC_PAGE_PATHS.map((page) => ({
  page,
  address: new RegExp(`^/([a-z]{2})${page === "" ? "" : `/${page.replace(/:[a-z]+/g, "[a-z0-9-]+")}`}/?$`),
}));

/** The public page at `pathname` and its language, or null for any other address (private pages stay client-rendered: they are noindex and personal). */
export function publicPageOf(pathname: string): { page: PublicPagePath; language: Locale } | null {
  for (const { page, address } of PUBLIC_PAGES) {
    const language = address.exec(pathname)?.[1];
    if (language !== undefined) return isLocale(language) ? { page, language } : null;
  }
  return null;
}

/** The language of a public page's address, or null for any other address. */
export function publicPageLanguage(pathname: string): Locale | null {
  return publicPageOf(pathname)?.language ?? null;
}

/**
 * Server rendering of public pages (decision 016): the web build's render module
 * (dist/ssr/render-page.js) renders the page with the visitor's cookie, its API
 * requests answered in-process by this app, so the HTML holds what the page shows
 * and the browser hydrates it. Without that module (a server-only build, tests with
 * a stand-in web root) pages go out as the bare shell, as before.
 */
export async function loadBodyRenderer(
  app: FastifyInstance,
  entryFile: string,
  options: {
    origin: string;
    strings: (language: Locale) => Promise<Record<string, string>>;
    /** What a visitor's page is made of besides the strings (the rates snapshot, the published posts' version): a page is rendered again when one changes. */
    sources: () => readonly unknown[];
    /** How many pages may be rendered at once; past that a page goes out as the shell with its head, for the browser to render. */
    concurrency: number;
  },
): Promise<BodyRenderer | null> {
  if (!existsSync(entryFile)) return null;
  const module = (await import(pathToFileURL(entryFile).href)) as RenderModule;
  // A visitor who is not signed in sees what every such visitor sees: their page is kept while
  // everything it was made of is the same objects (each reloaded through the event bus on any instance's change).
  // Kept under the page's canonical address, so a query string the page does not read renders nothing anew.
  const visitorPages = new LRUCache<string, KeptPage>({ max: 500 });
  // Addresses with a parameter the page reads (a search) are whatever anyone types: a small cache of
  // their own, so a run of made-up searches cannot push the plain pages out.
  const queriedPages = new LRUCache<string, KeptPage>({ max: 100 });
  let rendering = 0;

  return async (html, request) => {
    const publicPage = publicPageOf(request.url.split("?")[0] ?? "/");
    if (publicPage === null) return html;
    const { page: path, language } = publicPage;
    const address = canonicalPageAddress(request.url, path);
    const [strings, english] = await Promise.all([options.strings(language), options.strings("en")]);
    const signedIn = SESSION_COOKIE.test(request.headers.cookie ?? "");
    const kept = signedIn ? null : address.includes("?") ? queriedPages : visitorPages;
    const sources = [html, strings, english, ...options.sources()];
    const found = kept?.get(address);
    if (found && found.sources.length === sources.length && found.sources.every((source, index) => source === sources[index])) return found.html;
    // Renders share the event loop with the API and the carriers' webhooks, and a render is
    // costly: past the limit the page goes out with its head and an empty root, which the
    // browser renders as it does a private page (decision 026).
    if (rendering >= options.concurrency) return html;
    rendering += 1;
    let page: RenderedPage | null;
    try {
      page = await module.renderPage({
        url: address,
        origin: options.origin,
        language,
        strings,
        english,
        api: (apiPath, init) => answerInProcess(app, request, apiPath, init),
      });
    } finally {
      rendering -= 1;
    }
    if (page === null) return html;
    const written = html
      .replace('<div id="root"></div>', () => `<div id="root"${page.state.session === null ? ` ${APP_START_ATTRIBUTE}="${APP_START_ON_FIRST_USE}"` : ""}>${page.html}</div>`)
      .replace("</body>", () => `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${serializeSsrState(page.state)}</script></body>`);
    kept?.set(address, { sources, html: written });
    return written;
  };
}

interface KeptPage {
  sources: readonly unknown[];
  html: string;
}

/**
 * An API request of the page, as the visitor: their cookie and address, so access rules and
 * throttles see them, not the server. A render only reads: anything else is refused.
 */
async function answerInProcess(app: FastifyInstance, visitor: FastifyRequest, path: string, init: RequestInit): Promise<Response> {
  if ((init.method ?? "GET") !== "GET") throw new Error(`a page render asked to ${init.method} ${path}`);
  const headers: Record<string, string> = { accept: "application/json" };
  if (visitor.headers.cookie) headers.cookie = visitor.headers.cookie;
  if (visitor.headers["accept-language"]) headers["accept-language"] = visitor.headers["accept-language"];
  const answer = await app.inject({ method: "GET", url: path, headers, remoteAddress: visitor.ip });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) if (typeof value === "string") responseHeaders.set(name, value);
  return new Response(answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers: responseHeaders });
}
