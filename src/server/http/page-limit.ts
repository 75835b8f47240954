import type { FastifyRequest } from "fastify";
import { isLocale, type Locale } from "../../shared/i18n/locales";
import { htmlText } from "./html-escape";
import { createWindowCounter } from "./rate-limit";

/** Null while the request's address is within its page limit, else the seconds until it may ask again. */
export type PageLimit = (request: FastifyRequest) => number | null;

/**
 * Pages asked for per address (IPv6 per /64, as the API counts) in a one-minute window.
 * A page costs far more than an API answer (its head, maybe a render, compression), and
 * every page shares the event loop with the API and the carriers' webhooks: one address
 * looping over pages, each with a new query string, slowed everyone. Counted apart from
 * the API's limit, so a person over it still gets prices and balances; the app's files
 * are not counted.
 */
export function createPageLimit(perMinute: number, now?: () => number): PageLimit {
  const count = createWindowCounter({ max: perMinute, ...(now ? { now } : {}) });
  return (request) => count(request.ip);
}

/** The key of the sentence a reader without scripts sees on a page refused by the limit. */
export const PAGE_LIMIT_NOTICE_KEY = "errors.too_many_pages";

/**
 * The page the limit answers with (429): the page's own head, so the app the browser runs
 * shows the page asked for, and in its root, until the app replaces it, a sentence in the
 * page's language (the one its head was written in) for readers without scripts.
 */
export async function withLimitNotice(html: string, notice: (language: Locale) => Promise<string | undefined>): Promise<string> {
  const language = /<html\b[^>]*\blang="([^"]+)"/i.exec(html)?.[1];
  const text = await notice(isLocale(language) ? language : "en");
  if (text === undefined) return html;
  return html.replace('<div id="root"></div>', () => `<div id="root"><p style="padding:2rem 1rem;text-align:center">${htmlText(text)}</p></div>`);
}
