import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import { SESSION_COOKIE_NAME } from "../auth/auth";
import { isLocale, type Locale } from "../../shared/i18n/locales";
import { PUBLIC_PAGE_PATHS } from "../../shared/site/page-paths";
import { serializeSsrState, SSR_STATE_ELEMENT_ID, type RenderedPage, type RenderRequest } from "../../shared/site/ssr-state";

/** Writes a public page's content into its HTML; the HTML unchanged for any other page. */
export type BodyRenderer = (html: string, request: FastifyRequest) => Promise<string>;

/** better-auth's session cookie, with or without the __Secure- prefix. */
const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${SESSION_COOKIE_NAME.replace(".", "\\.")}=`);

type RenderModule = { renderPage: (request: RenderRequest) => Promise<RenderedPage | null> };

const PUBLIC_PAGE = new RegExp(
  `^/([a-z]{2})(?:/(?:${PUBLIC_PAGE_PATHS.filter(Boolean)
    .map((page) => page.replace(/:[a-z]+/g, "[a-z0-9-]+"))
    .join("|")}))?/?$`,
);

/** The language of a public page's address, or null for any other address (private pages stay client-rendered: they are noindex and personal). */
export function publicPageLanguage(pathname: string): Locale | null {
  const language = PUBLIC_PAGE.exec(pathname)?.[1];
  return isLocale(language) ? language : null;
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
  },
): Promise<BodyRenderer | null> {
  if (!existsSync(entryFile)) return null;
  const module = (await import(pathToFileURL(entryFile).href)) as RenderModule;
  // A visitor who is not signed in sees what every such visitor sees: their page is kept while
  // everything it was made of is the same objects (each reloaded through the event bus on any instance's change).
  const visitorPages = new LRUCache<string, { sources: readonly unknown[]; html: string }>({ max: 500 });

  return async (html, request) => {
    const url = request.url;
    const language = publicPageLanguage(url.split("?")[0] ?? "/");
    if (language === null) return html;
    const [strings, english] = await Promise.all([options.strings(language), options.strings("en")]);
    // A search's address is whatever anyone types: those pages are not kept.
    const anonymous = !SESSION_COOKIE.test(request.headers.cookie ?? "") && !url.includes("?");
    const sources = [html, strings, english, ...options.sources()];
    const kept = anonymous ? visitorPages.get(url) : undefined;
    if (kept && kept.sources.length === sources.length && kept.sources.every((source, index) => source === sources[index])) return kept.html;
    const page = await module.renderPage({
      url,
      origin: options.origin,
      language,
      strings,
      english,
      api: (path, init) => answerInProcess(app, request, path, init),
    });
    if (page === null) return html;
    const written = html
      .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`)
      .replace("</body>", () => `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${serializeSsrState(page.state)}</script></body>`);
    if (anonymous) visitorPages.set(url, { sources, html: written });
    return written;
  };
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
