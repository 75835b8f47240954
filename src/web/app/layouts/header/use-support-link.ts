import { useCallback, type MouseEvent } from "react";
import { useLocation } from "react-router";
import { useLocale } from "../../../lib/use-locale";

/**
 * The spec's Support link: on the support page it scrolls to the top instead of navigating
 * again; elsewhere it goes there (the page, once open, marks the replies read: the count goes to 0).
 */
export function useSupportLink(): (event: MouseEvent) => void {
  const locale = useLocale();
  const { pathname } = useLocation();
  return useCallback(
    (event: MouseEvent) => {
      if (pathname.replace(/\/$/, "") !== `/${locale}/support`) return;
      event.preventDefault();
      const smooth = !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
      window.scrollTo({ top: 0, behavior: smooth ? "smooth" : "auto" });
    },
    [locale, pathname],
  );
}
