import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { PRICE_SIMULATOR_ID } from "../../../lib/anchors";
import { scrollToSection, scrollToSectionOnceShown } from "../../../lib/scroll-to-section";
import { useLocale } from "../../../lib/use-locale";

/**
 * The spec's Rates link: on the home page it smooth-scrolls to the price
 * simulator; elsewhere it goes home and scrolls there after 100 ms (without
 * animation for readers who ask for reduced motion).
 */
export function useRatesLink(): () => void {
  const locale = useLocale();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(() => {
    if (pathname === `/${locale}` || pathname === `/${locale}/`) return void scrollToSection(PRICE_SIMULATOR_ID);
    // The home page may still be waiting for its strings after those 100 ms (it shows a spinner until they are in).
    void Promise.resolve(navigate(`/${locale}`)).then(() => window.setTimeout(() => scrollToSectionOnceShown(PRICE_SIMULATOR_ID), 100));
  }, [locale, navigate, pathname]);
}
