/**
 * Every page of the web app under /{lang}, by audience: the web's router builds its
 * routes from these (page-routes.tsx pairs each with its lazy module, and a test holds
 * the two lists equal), and the server answers 404 for any other path, so a crawler
 * never reads a soft 404. `:code` is a country slug, `:slug` a published post's.
 */
export const PUBLIC_PAGE_PATHS = ["", "auth", "signup", "reset-password", "countries", "country/:code", "twilio-test", "search", "blogs-guides", "blog/:slug", "faq", "terms", "privacy", "support"] as const;
export const CUSTOMER_PAGE_PATHS = ["profile", "contacts", "history", "phone", "local-checkout", "payment-success", "payments"] as const;
export const ADMIN_PAGE_PATHS = ["dashboard", "country-rates", "discounts", "admin-payments", "credit-audit", "calls", "users", "users/:userId", "blogs", "admin-support", "translations"] as const;

/** The signed-in pages as patterns: a `:name` part of a path stands for any one segment (letters and hyphens elsewhere). */
const PRIVATE_PAGES = [...CUSTOMER_PAGE_PATHS, ...ADMIN_PAGE_PATHS].map(
  (path) => new RegExp(`^${path.split("/").map((part) => (part.startsWith(":") ? "[^/]+" : part)).join("/")}$`),
);

/**
 * Whether `page` (the address after the language) is one of the signed-in pages (a customer's id
 * on /users/:userId included). Public pages with a part (countries, posts) are checked against
 * what exists by the server instead.
 */
export function isPrivatePage(page: string): boolean {
  return PRIVATE_PAGES.some((pattern) => pattern.test(page));
}

/** Paths the spec lets people use without a language prefix (the web redirects them to the preferred language). */
export const UNPREFIXED_PATHS = ["", "dashboard", "auth", "signup", "reset-password", "phone", "profile"] as const;

/** Public pages search engines may index in every language (sitemap.xml); country pages are listed per country. */
export const INDEXABLE_PAGE_PATHS = ["", "countries", "twilio-test", "blogs-guides", "faq", "terms", "privacy", "support"] as const;
