/**
 * The footer's twelve popular countries (spec), as ISO codes, in the spec's order;
 * "uk" in URLs is GB. New decks mark them popular, and the popular chips pick from
 * them in this order, so every language shows the same ones.
 */
export const POPULAR_COUNTRY_CODES: readonly string[] = ["US", "GB", "IN", "PK", "PH", "NG", "MX", "AE", "BD", "DE", "FR", "CA"];
