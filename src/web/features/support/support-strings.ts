/** The key prefix of the support page's strings (data/translations/<lang>/support.json). */
export const SUPPORT_PREFIXES = ["support."] as const;
