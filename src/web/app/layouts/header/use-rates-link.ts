import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { PRICE_SIMULATOR_ID } from "../../../lib/anchors";
import { useLocale } from "../../../lib/use-locale";

/** The scrolling's code, loaded at the first press: no page needs it to start (decision 051's first-load budget). */
const scrolling = () => import("../../../lib/scroll-to-section");

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
    if (pathname === `/${locale}` || pathname === `/${locale}/`) return void scrolling().then(({ scrollToSection }) => scrollToSection(PRICE_SIMULATOR_ID));
    // The home page may still be waiting for its strings after those 100 ms (it shows a spinner until they are in).
    void Promise.all([scrolling(), navigate(`/${locale}`)]).then(([{ scrollToSectionOnceShown }]) => window.setTimeout(() => scrollToSectionOnceShown(PRICE_SIMULATOR_ID), 100));
  }, [locale, navigate, pathname]);
}
