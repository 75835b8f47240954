import { LIST_PREFIX } from "../../components/list-page/list-strings";

/**
 * The strings the users pages wait for: their own (data/translations/<lang>/admin-users.json), the
 * history's words for calls, the credit audit's adjustment form on a customer's page and every list's.
 */
export const USERS_PAGE_PREFIXES = ["admin_users.", "history.", "credit_audit.", LIST_PREFIX] as const;
