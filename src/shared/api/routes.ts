import type * as accounts from "./accounts";
import type * as calls from "./calls";
import type * as contacts from "./contacts";
import type * as credits from "./credits";
import type * as i18n from "./i18n";
import type * as rates from "./rates";
import type * as site from "./site";
import type * as support from "./support";
import type * as system from "./system";
import { route } from "./route";

/**
 * The endpoints the first screens of the app call, by method and address alone (decision 020):
 * importing the endpoints themselves would load zod and every schema into the first load. Each
 * is typed by its endpoint, and the compiler refuses a method or address that differs from it.
 */
export const currentAccountRoute = route<typeof accounts.currentAccount>("GET", "/api/me");
export const creditBalanceRoute = route<typeof credits.creditBalance>("GET", "/api/credits/balance");
export const translationStringsRoute = route<typeof i18n.translationStrings>("GET", "/api/i18n/:language");
export const publicCountryRatesRoute = route<typeof rates.publicCountryRates>("GET", "/api/rates/countries");
export const countryRateDetailRoute = route<typeof rates.countryRateDetail>("GET", "/api/rates/countries/:code");
export const rateLookupRoute = route<typeof rates.rateLookup>("POST", "/api/rates/lookup");
export const callQuoteRoute = route<typeof calls.callQuote>("POST", "/api/calls/quote");
export const siteInfoRoute = route<typeof site.siteInfo>("GET", "/api/site");
/** The header's unread badge: a signed-in customer's unread support replies. */
export const supportUnreadRoute = route<typeof support.supportUnread>("GET", "/api/support/unread");
export const clientErrorReportRoute = route<typeof system.clientErrorReport>("POST", "/api/client-errors");
/** The call section's contact picker, a dialog of home loaded on demand. */
export const contactListRoute = route<typeof contacts.contactList>("GET", "/api/contacts");
