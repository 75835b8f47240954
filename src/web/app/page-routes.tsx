import type { RouteObject } from "react-router";
import { StringsGate } from "./strings-gate";

/**
 * Every page under /{lang}, by who may see it. Add a page here (a lazy module
 * with a default export); the router, the guards and the header's links all
 * read these lists, so a link appears once its page exists.
 */
type PageRoute = { path: string; lazy: NonNullable<RouteObject["lazy"]> };
/** A page module; `pageStrings` names the key prefixes it needs beyond the startup keys, which it then waits for. */
type PageModule = { default: React.ComponentType; pageStrings?: readonly string[] };

function page(path: string, load: () => Promise<PageModule>): PageRoute {
  return {
    path,
    lazy: async () => {
      const { default: Page, pageStrings } = await load();
      if (!pageStrings) return { Component: Page };
      return {
        Component: function PageWithStrings() {
          return (
            <StringsGate prefixes={pageStrings}>
              <Page />
            </StringsGate>
          );
        },
      };
    },
  };
}

/** Open to everyone. Path "" is the language home. */
export const publicPages: PageRoute[] = [
  page("", () => import("./routes/home-page")),
  page("auth", () => import("../features/accounts/auth-page")),
  page("signup", () => import("../features/accounts/auth-page")),
  page("reset-password", () => import("../features/accounts/reset-password-page")),
  page("countries", () => import("../features/rates/countries-page")),
  page("country/:code", () => import("../features/rates/country-page")),
  page("twilio-test", () => import("../features/rates/rate-checker-page")),
  page("search", () => import("../features/search/search-page")),
  page("blogs-guides", () => import("../features/blog/blog-list-page")),
  page("blog/:slug", () => import("../features/blog/blog-post-page")),
  page("faq", () => import("../features/content/faq-page")),
  page("terms", () => import("../features/content/terms-page")),
  page("privacy", () => import("../features/content/privacy-page")),
  // A visitor's form, or a signed-in customer's conversation with the support team.
  page("support", () => import("../features/support/support-page")),
];

/** Signed-in customers (and admins); anonymous visitors are sent to /{lang}/auth. */
export const customerPages: PageRoute[] = [
  page("profile", () => import("../features/accounts/profile-page")),
  page("contacts", () => import("../features/contacts/contacts-page")),
  page("history", () => import("../features/history/history-page")),
  page("phone", () => import("../features/buy/phone-page")),
  page("local-checkout", () => import("../features/buy/local-checkout-page")),
  page("payment-success", () => import("../features/buy/payment-success-page")),
  page("payments", () => import("../features/buy/payments-page")),
];

/** Administrators only; everyone else is sent to /{lang}. */
export const adminPages: PageRoute[] = [
  page("dashboard", () => import("../features/admin-dashboard/dashboard-page")),
  page("country-rates", () => import("../features/admin-rates/country-rates-page")),
  page("discounts", () => import("../features/admin-discounts/discounts-page")),
  page("admin-payments", () => import("../features/admin-payments/admin-payments-page")),
  page("credit-audit", () => import("../features/credit-audit/credit-audit-page")),
  page("calls", () => import("../features/admin-calls/admin-calls-page")),
  page("users", () => import("../features/admin-users/users-route")),
  page("users/:userId", () => import("../features/admin-users/users-route")),
  page("blogs", () => import("../features/admin-blog/admin-blog-page")),
  page("admin-support", () => import("../features/admin-support/admin-support-page")),
  page("translations", () => import("../features/admin-translations/translations-page")),
];

/**
 * Paths the spec guards whose pages arrive with later features: the guard
 * already applies (a visitor is sent to sign in), and a signed-in person sees the 404 page meanwhile.
 */
export const GUARDED_CUSTOMER_PATHS = ["phone", "contacts", "history", "profile", "payments", "payment-success"];
export const GUARDED_ADMIN_PATHS = [
  "dashboard",
  "users",
  "calls",
  "discounts",
  "blogs",
  "admin-support",
  "admin-payments",
  "translations",
  "country-rates",
  "credit-audit",
];

/** Whether /{lang}/{path} has a page yet (the header and footer only link to pages that exist). */
export function hasPage(path: string): boolean {
  const clean = path.replace(/^\//, "");
  return [...publicPages, ...customerPages, ...adminPages].some((route) => route.path === clean);
}
