import { countryName, countrySlugToCode } from "../../../shared/countries/countries";
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "../../../shared/i18n/locales";
import { formatUsd, moneyToDecimal } from "../../../shared/money";
import { isPrivatePage } from "../../../shared/site/page-paths";
import type { RatesSnapshot } from "../rates/snapshot";
import { htmlAttribute, htmlText } from "../../http/html-escape";

/** What a page's head says, in the page's language; rendered by renderPageHead. */
export interface PageHead {
  language: Locale;
  title: string;
  /** The title without the brand, as structured data names the page. */
  heading: string;
  description: string;
  keywords: string;
  /** The page's address without its language ("/countries", "" for home); null for a page that does not exist. */
  page: string | null;
  /** The languages the page exists in (a post only in those it is written in). */
  languages: readonly Locale[];
  ogType: "website" | "article";
  /** The Open Graph image's name under /og/ (og-images.ts draws one per kind). */
  image: OgImageKind;
  noindex: boolean;
  /** A country page's offer: its cheapest per-minute price in USD, as the rates API answers it. */
  offer: { country: string; price: string } | null;
}

export const OG_IMAGE_KINDS = ["home", "countries", "country", "rate-checker", "faq", "legal", "blog", "search"] as const;
export type OgImageKind = (typeof OG_IMAGE_KINDS)[number];

/** Where a head's words and figures come from: the server's translations, rates snapshot and published posts. */
export interface PageHeadSources {
  publicUrl: string;
  supportEmail: string;
  strings(language: Locale): Promise<Record<string, string>>;
  rates(): RatesSnapshot;
  /** A published post's title and excerpt in the language, else in English, else null. */
  post(slug: string, language: Locale): Promise<{ title: string; excerpt: string; languages: readonly Locale[] } | null>;
}

/** Open Graph writes a language with its region. */
const OG_LOCALES: Record<Locale, string> = {
  en: "en_US",
  sv: "sv_SE",
  ar: "ar_SA",
  zh: "zh_CN",
  fr: "fr_FR",
  de: "de_DE",
  es: "es_ES",
  hi: "hi_IN",
  ru: "ru_RU",
  pt: "pt_BR",
};

/** Public pages with their own words; others (sign-in, sign-up) borrow the home page's. */
const SIMPLE_PAGES: Record<string, { key: string; image: OgImageKind }> = {
  "": { key: "home", image: "home" },
  countries: { key: "countries", image: "countries" },
  "twilio-test": { key: "rate_checker", image: "rate-checker" },
  faq: { key: "faq", image: "faq" },
  terms: { key: "terms", image: "legal" },
  privacy: { key: "privacy", image: "legal" },
  "blogs-guides": { key: "blogs", image: "blog" },
  search: { key: "search", image: "search" },
  support: { key: "support", image: "faq" },
};
/**
 * Pages that take their title from the words the page itself shows as its title (usePageTitle in
 * the web app), so a tab opened straight on one is named the same as after moving to it.
 */
const PAGE_TITLE_KEYS: Record<string, string> = {
  auth: "auth.page_title",
  signup: "auth.page_title",
  "reset-password": "reset.title",
  profile: "profile.title",
  history: "history.title",
  contacts: "contacts.title",
  phone: "buy.title",
  "local-checkout": "buy.checkout_title",
  "payment-success": "buy.success_title",
  payments: "buy.payments_title",
  dashboard: "dashboard.title",
  "country-rates": "admin_rates.title",
  discounts: "discounts.title",
  "admin-payments": "admin_payments.title",
  "credit-audit": "credit_audit.title",
  calls: "admin_calls.title",
  users: "admin_users.title",
  blogs: "blog.admin.page_title",
  "admin-support": "admin_support.title",
  translations: "admin_translations.title",
};
const NOT_FOUND_TITLE_KEY = "not_found.title";
const COUNTRY = /^country\/([a-z0-9-]+)$/;
const BLOG_POST = /^blog\/([^/]+)$/;

/**
 * The head of the page at `pathname` (status as pageStatus decided it). An address without a
 * language is in `visitorLanguage` (the 404 page the web app shows there is in the visitor's), or
 * English ("/", "/auth": until the web app moves them to the reader's language).
 */
export async function resolvePageHead(pathname: string, status: 200 | 404, sources: PageHeadSources, visitorLanguage: Locale = DEFAULT_LOCALE): Promise<PageHead> {
  const segments = pathname.replace(/^\/+|\/+$/g, "").split("/");
  const first = segments[0] ?? "";
  const language: Locale = isLocale(first) ? first : visitorLanguage;
  const page = (isLocale(first) ? segments.slice(1) : segments).join("/");
  const strings = await sources.strings(language);
  const say = (key: string, values: Record<string, string> = {}) =>
    (strings[key] ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => values[name] ?? "");
  const brand = strings["brand.name"] ?? "Dialwise";
  const titled = (text: string) => `${text} · ${brand}`;
  const base: PageHead = {
    language,
    title: titled(say("seo.home.title")),
    heading: say("seo.home.title"),
    description: say("seo.home.description"),
    keywords: say("seo.keywords"),
    page: status === 404 ? null : `/${page}`.replace(/\/$/, ""),
    languages: LOCALES,
    ogType: "website",
    image: "home",
    noindex: status === 404 || isPrivatePage(page),
    offer: null,
  };
  if (status === 404) return { ...base, title: titled(say(NOT_FOUND_TITLE_KEY)), heading: say(NOT_FOUND_TITLE_KEY) };
  // A customer's page is titled as the list until the web app names the customer (their email is not put in a head).
  const own = PAGE_TITLE_KEYS[page] ?? (page.startsWith("users/") ? PAGE_TITLE_KEYS["users"] : undefined);
  if (own !== undefined) return { ...base, title: titled(say(own)), heading: say(own) };

  const simple = SIMPLE_PAGES[page];
  if (simple) return { ...base, title: titled(say(`seo.${simple.key}.title`)), heading: say(`seo.${simple.key}.title`), description: say(`seo.${simple.key}.description`), image: simple.image };

  const country = COUNTRY.exec(page);
  const code = country?.[1] === undefined ? null : countrySlugToCode(country[1]);
  const prices = code === null ? undefined : sources.rates().prices.get(code);
  if (code !== null && prices) {
    // The same name and figure the country page shows (formatRate: two decimals in the reader's language).
    const values = { country: countryName(code, language), price: formatUsd(prices.cheapest, language, 2) };
    return {
      ...base,
      title: titled(say("seo.country.title", values)),
      heading: say("seo.country.title", values),
      description: say("seo.country.description", values),
      image: "country",
      offer: { country: countryName(code, "en"), price: moneyToDecimal(prices.cheapest) },
    };
  }

  const slug = BLOG_POST.exec(page)?.[1];
  const post = slug === undefined ? null : await sources.post(slug, language);
  if (post) {
    return { ...base, title: titled(post.title), heading: post.title, description: post.excerpt || say("seo.blogs.description"), languages: post.languages, ogType: "article", image: "blog" };
  }
  return base;
}

/** The tags renderPageHead writes, as HTML; every value escaped. */
export function renderPageHead(head: PageHead, sources: Pick<PageHeadSources, "publicUrl" | "supportEmail">): string {
  const url = (language: Locale) => `${sources.publicUrl}/${language}${head.page ?? ""}`;
  const tags = [
    `<title>${htmlText(head.title)}</title>`,
    meta("name", "description", head.description),
    meta("name", "keywords", head.keywords),
    meta("name", "theme-color", "#0f766e"),
  ];
  if (head.noindex) tags.push(meta("name", "robots", "noindex,nofollow"));
  if (head.page !== null) {
    tags.push(`<link rel="canonical" href="${htmlAttribute(url(head.language))}">`);
    for (const language of head.languages) tags.push(`<link rel="alternate" hreflang="${language}" href="${htmlAttribute(url(language))}">`);
    const fallback = head.languages.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : head.languages[0];
    if (fallback) tags.push(`<link rel="alternate" hreflang="x-default" href="${htmlAttribute(url(fallback))}">`);
    tags.push(meta("property", "og:url", url(head.language)));
  }
  const image = `${sources.publicUrl}/og/${head.image}.png`;
  tags.push(
    meta("property", "og:site_name", "Dialwise"),
    meta("property", "og:type", head.ogType),
    meta("property", "og:title", head.title),
    meta("property", "og:description", head.description),
    meta("property", "og:locale", OG_LOCALES[head.language]),
    ...LOCALES.filter((language) => language !== head.language).map((language) => meta("property", "og:locale:alternate", OG_LOCALES[language])),
    meta("property", "og:image", image),
    meta("property", "og:image:type", "image/png"),
    meta("property", "og:image:width", "1200"),
    meta("property", "og:image:height", "630"),
    meta("name", "twitter:card", "summary"),
    meta("name", "twitter:title", head.title),
    meta("name", "twitter:description", head.description),
    meta("name", "twitter:image", image),
    `<script type="application/ld+json">${jsonLd(structuredData(head, sources))}</script>`,
  );
  return tags.join("");
}

/**
 * index.html with the page's head: the language and direction on <html>, the shell's
 * own title, description and theme colour replaced, the rest added after <meta charset>
 * (or before </head> without one).
 */
export function injectPageHead(html: string, head: PageHead, tags: string): string {
  const dir = head.language === "ar" ? "rtl" : "ltr";
  return html
    .replace(/<html\b[^>]*>/i, `<html lang="${head.language}" dir="${dir}" data-head="server">`)
    .replace(/\s*<title>[\s\S]*?<\/title>/i, "")
    .replace(/\s*<meta\s+name="(?:description|theme-color|keywords|robots)"[^>]*>/gi, "")
    // Early in the head (after the character set, which must come first), ahead of the build's script tags.
    .replace(/<meta\s+charset=[^>]*>|<\/head>/i, (found) => (found.toLowerCase() === "</head>" ? `${tags}</head>` : `${found}${tags}`));
}

function structuredData(head: PageHead, sources: Pick<PageHeadSources, "publicUrl" | "supportEmail">): object[] {
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: "Dialwise",
    url: sources.publicUrl,
    logo: `${sources.publicUrl}/favicon.svg`,
    foundingDate: "2024",
    contactPoint: { "@type": "ContactPoint", contactType: "customer service", email: sources.supportEmail, availableLanguage: [...LOCALES] },
  };
  const website = {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: "Dialwise",
    url: `${sources.publicUrl}/${head.language}`,
    inLanguage: head.language,
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${sources.publicUrl}/${head.language}/search?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
  const graph: object[] = [organization, website];
  if (head.ogType === "article" && head.page !== null) {
    graph.push({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: head.heading,
      description: head.description,
      inLanguage: head.language,
      url: `${sources.publicUrl}/${head.language}${head.page}`,
      publisher: { "@type": "Organization", name: "Dialwise" },
    });
  }
  if (head.offer && head.page !== null) {
    graph.push({
      "@context": "https://schema.org",
      "@type": "Offer",
      name: head.heading,
      description: head.description,
      url: `${sources.publicUrl}/${head.language}${head.page}`,
      priceCurrency: "USD",
      price: head.offer.price,
      priceSpecification: { "@type": "UnitPriceSpecification", price: head.offer.price, priceCurrency: "USD", unitCode: "MIN", referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MIN" } },
      areaServed: head.offer.country,
      seller: { "@type": "Organization", name: "Dialwise" },
    });
  }
  return graph;
}

function meta(kind: "name" | "property", key: string, content: string): string {
  return `<meta ${kind}="${key}" content="${htmlAttribute(content)}">`;
}

/** JSON inside <script>: nothing in it may close the element or start a comment. */
function jsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** index.html as the page at `pathname` is served: with its own head. */
export async function renderPage(html: string, pathname: string, status: 200 | 404, sources: PageHeadSources, visitorLanguage?: Locale): Promise<string> {
  const head = await resolvePageHead(pathname, status, sources, visitorLanguage);
  return injectPageHead(html, head, renderPageHead(head, sources));
}
