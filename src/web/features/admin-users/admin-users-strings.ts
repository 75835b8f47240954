/**
 * The strings the users pages wait for: their own (data/translations/<lang>/admin-users.json), the
 * history's words for calls and the credit audit's adjustment form on a customer's page.
 */
export const USERS_PAGE_PREFIXES = ["admin_users.", "history.", "credit_audit."] as const;
