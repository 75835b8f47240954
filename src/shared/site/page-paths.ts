/**
 * Every page of the web app under /{lang}, by audience: the web's router builds its
 * routes from these (page-routes.tsx pairs each with its lazy module, and a test holds
 * the two lists equal), and the server answers 404 for any other path, so a crawler
 * never reads a soft 404. `:code` is a country slug, `:slug` a published post's.
 */
export const PUBLIC_PAGE_PATHS = ["", "auth", "signup", "reset-password", "countries", "country/:code", "twilio-test", "search", "blogs-guides", "blog/:slug", "faq", "terms", "privacy", "support"] as const;
export const CUSTOMER_PAGE_PATHS = ["profile", "contacts", "history", "phone", "local-checkout", "payment-success", "payments"] as const;
export const ADMIN_PAGE_PATHS = ["dashboard", "country-rates", "discounts", "admin-payments", "credit-audit", "calls", "blogs", "admin-support", "translations"] as const;

/** Paths the spec lets people use without a language prefix (the web redirects them to the preferred language). */
export const UNPREFIXED_PATHS = ["", "dashboard", "auth", "signup", "reset-password", "phone", "profile"] as const;

/** Public pages search engines may index in every language (sitemap.xml); country pages are listed per country. */
export const INDEXABLE_PAGE_PATHS = ["", "countries", "twilio-test", "blogs-guides", "faq", "terms", "privacy", "support"] as const;
