import { hasPage } from "../../page-routes";

/** The support page: its links carry the unread badge and scroll to the top when already there. */
export const SUPPORT_PATH = "support";

/** A header or menu link: a translation key and a path under /{lang} ("" is home). */
export interface NavItem {
  key: string;
  path: string;
}

const onlyBuilt = (items: NavItem[]) => items.filter((item) => hasPage(item.path));

/** The spec's customer bar: Buy credits, Contacts, History. */
export const customerPrimary = () =>
  onlyBuilt([
    { key: "nav.buy_credits", path: "phone" },
    { key: "nav.contacts", path: "contacts" },
    { key: "nav.history", path: "history" },
  ]);

/** The customer's More menu (Rates is added by the menu itself: it scrolls rather than links). */
export const customerMore = () =>
  onlyBuilt([
    { key: "nav.profile", path: "profile" },
    { key: "nav.payments", path: "payments" },
    { key: "nav.faq", path: "faq" },
    { key: "nav.blogs_guides", path: "blogs-guides" },
    { key: "nav.contact_support", path: "support" },
  ]);

/**
 * Admins see back-office links only: the daily ones in the bar, the rest in its More menu, so the bar
 * keeps to one row from the md breakpoint up in every language (the support inbox is also the admin logo).
 */
export const adminPrimary = () =>
  onlyBuilt([
    { key: "nav.admin.dashboard", path: "dashboard" },
    { key: "nav.admin.users", path: "users" },
    { key: "nav.admin.calls", path: "calls" },
  ]);

/** The admin's More menu. */
export const adminMore = () =>
  onlyBuilt([
    { key: "nav.admin.discounts", path: "discounts" },
    { key: "nav.admin.blogs", path: "blogs" },
    { key: "nav.admin.support", path: "admin-support" },
    { key: "nav.admin.payments", path: "admin-payments" },
    { key: "nav.admin.translations", path: "translations" },
    { key: "nav.admin.country_rates", path: "country-rates" },
    { key: "nav.admin.credit_audit", path: "credit-audit" },
  ]);

/** Every admin link in the spec's order, as the mobile menu lists them. */
export const adminLinks = () => [...adminPrimary(), ...adminMore()];

/** The visitor's mobile menu below the sign-up call to action. */
export const visitorMenu = () =>
  onlyBuilt([
    { key: "nav.blogs_guides", path: "blogs-guides" },
    { key: "nav.faq", path: "faq" },
    { key: "nav.contact_support", path: "support" },
  ]);

export const supportLink = () => onlyBuilt([{ key: "nav.support", path: "support" }]);
