import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isLocale, type Locale } from "../../shared/i18n/locales";
import { PUBLIC_PAGE_PATHS } from "../../shared/site/page-paths";
import { serializeSsrState, SSR_STATE_ELEMENT_ID, type RenderedPage, type RenderRequest } from "../../shared/site/ssr-state";

/** Writes a public page's content into its HTML; the HTML unchanged for any other page. */
export type BodyRenderer = (html: string, request: FastifyRequest) => Promise<string>;

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
  options: { origin: string; strings: (language: Locale) => Promise<Record<string, string>> },
): Promise<BodyRenderer | null> {
  if (!existsSync(entryFile)) return null;
  const module = (await import(pathToFileURL(entryFile).href)) as RenderModule;

  return async (html, request) => {
    const url = request.url;
    const language = publicPageLanguage(url.split("?")[0] ?? "/");
    if (language === null) return html;
    const [strings, english] = await Promise.all([options.strings(language), options.strings("en")]);
    const page = await module.renderPage({
      url,
      origin: options.origin,
      language,
      strings,
      english,
      api: (path, init) => answerInProcess(app, request, path, init),
    });
    if (page === null) return html;
    return html
      .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`)
      .replace("</body>", () => `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${serializeSsrState(page.state)}</script></body>`);
  };
}

/** An API request of the page, as the visitor: their cookie and address, so access rules and throttles see them, not the server. */
async function answerInProcess(app: FastifyInstance, visitor: FastifyRequest, path: string, init: RequestInit): Promise<Response> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (visitor.headers.cookie) headers.cookie = visitor.headers.cookie;
  if (visitor.headers["accept-language"]) headers["accept-language"] = visitor.headers["accept-language"];
  const answer = await app.inject({
    method: (init.method ?? "GET") as "GET",
    url: path,
    headers,
    remoteAddress: visitor.ip,
    ...(typeof init.body === "string" ? { payload: init.body, headers: { ...headers, "content-type": "application/json" } } : {}),
  });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) if (typeof value === "string") responseHeaders.set(name, value);
  return new Response(answer.statusCode === 204 ? null : answer.rawPayload, { status: answer.statusCode, headers: responseHeaders });
}
