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
const SESSION_COOKIE_NAMES = new Set([SESSION_COOKIE_NAME, `__Secure-${SESSION_COOKIE_NAME}`]);

/**
 * Whether a Cookie header names the session cookie, read as better-auth reads it (the name
 * trimmed of the spaces and tabs around it), so no way of writing the header that better-auth
 * takes as a session passes here for a visitor's.
 */
export function carriesSessionCookie(header: string | undefined): boolean {
  if (header === undefined) return false;
  for (const pair of header.split(";")) {
    const equals = pair.indexOf("=");
    if (equals !== -1 && SESSION_COOKIE_NAMES.has(pair.slice(0, equals).trim())) return true;
  }
  return false;
}

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
 *
 * A page rendered for nobody signed in starts its app at the visitor's first use
 * (decision 051): its HTML carries no state, which is most of its bytes; the app asks
 * for it then (`state`, GET /api/page-state). A signed-in person's page starts at once,
 * with its state written into it.
 */
export interface PageRenderer {
  /** Writes a public page's content (and a signed-in person's state) into its HTML; the HTML unchanged for any other page. */
  body: BodyRenderer;
  /**
   * The state a public page at `address` (path and query) is rendered from, as JSON, for the visitor making `request`;
   * null for an address that is not a public page, "busy" while the renders in progress are at their limit, "refused"
   * when the state is not kept and `mayRender` says no (the address is over its page limit).
   */
  state: (address: string, request: FastifyRequest, mayRender: () => boolean) => Promise<string | null | "busy" | "refused">;
}

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
): Promise<PageRenderer | null> {
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

  const render = async (url: string, request: FastifyRequest, mayRender: () => boolean = () => true): Promise<KeptPage | null | "busy" | "refused"> => {
    const publicPage = publicPageOf(url.split("?")[0] ?? "/");
    if (publicPage === null) return null;
    const { page: path, language } = publicPage;
    const address = canonicalPageAddress(url, path);
    const [strings, english] = await Promise.all([options.strings(language), options.strings("en")]);
    const signedIn = carriesSessionCookie(request.headers.cookie);
    const kept = signedIn ? null : address.includes("?") ? queriedPages : visitorPages;
    const sources = [strings, english, ...options.sources()];
    const found = kept?.get(address);
    if (found && found.sources.length === sources.length && found.sources.every((source, index) => source === sources[index])) return found;
    // Renders share the event loop with the API and the carriers' webhooks, and a render is
    // costly: past the limit the page goes out with its head and an empty root, which the
    // browser renders as it does a private page (decision 026).
    if (rendering >= options.concurrency) return "busy";
    if (!mayRender()) return "refused";
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
    if (page === null) return null;
    const rendered: KeptPage = { sources, html: page.html, state: serializeSsrState(page.state), visitor: page.state.session === null };
    // Only a page rendered for nobody is every visitor's: whatever the cookie looked like, a page
    // the session lookup found someone for is theirs alone.
    if (rendered.visitor) kept?.set(address, rendered);
    return rendered;
  };

  return {
    body: async (html, request) => {
      const page = await render(request.url, request);
      if (page === null || page === "busy" || page === "refused") return html;
      // A kept page written into the same shell (its head) before goes out as written then: a flood of one page costs no rewriting.
      if (page.written?.shell === html) return page.written.html;
      // A visitor's page starts its app at their first use and asks for its state then; a signed-in person's has it here.
      const written = html
        .replace('<div id="root"></div>', () => `<div id="root"${page.visitor ? ` ${APP_START_ATTRIBUTE}="${APP_START_ON_FIRST_USE}"` : ""}>${page.html}</div>`)
        .replace("</body>", () => (page.visitor ? "</body>" : `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${page.state}</script></body>`));
      page.written = { shell: html, html: written };
      return written;
    },
    state: async (address, request, mayRender) => {
      const page = await render(address, request, mayRender);
      return page === null || page === "busy" || page === "refused" ? page : page.state;
    },
  };
}

interface KeptPage {
  sources: readonly unknown[];
  /** The root's HTML. */
  html: string;
  /** The state it was rendered from, as the JSON the browser reads. */
  state: string;
  /** Rendered for nobody signed in. */
  visitor: boolean;
  /** The last whole page written from it, and the shell (with its head) it was written into. */
  written?: { shell: string; html: string };
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
