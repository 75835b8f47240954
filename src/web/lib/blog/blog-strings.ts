import { useStrings } from "../i18n/use-strings";

/** The key prefix of the blog's strings (data/translations/<lang>/blog.json), public pages and back office alike. */
export const BLOG_PREFIXES = ["blog."] as const;

/** Whether the blog's strings in the current language are loaded (they are not among the startup keys). */
export function useBlogStrings(): boolean {
  return useStrings(BLOG_PREFIXES);
}
