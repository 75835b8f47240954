import { useStrings } from "../../lib/i18n/use-strings";

/** The key prefixes of the FAQ's strings (data/translations/<lang>/faq.json). */
export const FAQ_PREFIXES = ["faq."] as const;
/** The key prefix of the terms' and privacy policy's strings (data/translations/<lang>/legal.json). */
export const LEGAL_PREFIXES = ["legal."] as const;

/**
 * Whether the FAQ's strings (the current language's and English's) are ready; FAQ_ENTRIES' keys need them.
 * The FAQ and the legal texts are long and only their own pages (and the home page's FAQ preview) show them,
 * so they are never among the startup strings.
 */
export const useFaqStrings = () => useStrings(FAQ_PREFIXES);
export const useLegalStrings = () => useStrings(LEGAL_PREFIXES);
