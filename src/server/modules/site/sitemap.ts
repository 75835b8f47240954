import { countryCodeToSlug } from "../../../shared/countries/countries";
import { DEFAULT_LOCALE, LOCALES } from "../../../shared/i18n/locales";
import { INDEXABLE_PAGE_PATHS } from "../../../shared/site/page-paths";
import type { Locale } from "../../../shared/i18n/locales";

/**
 * sitemap.xml: every public page in every language, each with its alternates in the
 * other nine plus x-default (English), as search engines read hreflang from a sitemap.
 * Country pages are listed for the countries we sell calls to; a published post in
 * each language it is written in, with those languages as its alternates.
 */
export function buildSitemap(publicUrl: string, countryCodes: readonly string[], posts: readonly { slug: string; languages: readonly Locale[] }[] = []): string {
  const paths = [...INDEXABLE_PAGE_PATHS, ...countryCodes.map((code) => `country/${countryCodeToSlug(code)}`)];
  const address = (locale: string, page: string) => `${publicUrl}/${locale}${page === "" ? "" : `/${page}`}`;
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">'];
  for (const page of paths) {
    const alternates = [
      ...LOCALES.map((locale) => `    <xhtml:link rel="alternate" hreflang="${locale}" href="${xmlText(address(locale, page))}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${xmlText(address(DEFAULT_LOCALE, page))}"/>`,
    ];
    for (const locale of LOCALES) {
      lines.push("  <url>", `    <loc>${xmlText(address(locale, page))}</loc>`, ...alternates, "  </url>");
    }
  }
  for (const post of posts) {
    const page = `blog/${post.slug}`;
    const fallback = post.languages.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : post.languages[0];
    const alternates = [
      ...post.languages.map((locale) => `    <xhtml:link rel="alternate" hreflang="${locale}" href="${xmlText(address(locale, page))}"/>`),
      ...(fallback ? [`    <xhtml:link rel="alternate" hreflang="x-default" href="${xmlText(address(fallback, page))}"/>`] : []),
    ];
    for (const locale of post.languages) {
      lines.push("  <url>", `    <loc>${xmlText(address(locale, page))}</loc>`, ...alternates, "  </url>");
    }
  }
  lines.push("</urlset>", "");
  return lines.join("\n");
}

/** robots.txt: everything public may be crawled; the API, webhooks and private pages may not. */
export function buildRobots(publicUrl: string, privatePaths: readonly string[]): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /webhooks/",
    ...privatePaths.map((page) => `Disallow: /*/${page}`),
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

function xmlText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
