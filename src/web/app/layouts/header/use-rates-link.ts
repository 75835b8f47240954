import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { PRICE_SIMULATOR_ID } from "../../../lib/anchors";
import { useLocale } from "../../../lib/use-locale";

/**
 * The spec's Rates link: on the home page it smooth-scrolls to the price
 * simulator; elsewhere it goes home and scrolls there after 100 ms.
 */
export function useRatesLink(): () => void {
  const locale = useLocale();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(() => {
    const scroll = () => document.getElementById(PRICE_SIMULATOR_ID)?.scrollIntoView({ behavior: "smooth", block: "start" });
    if (pathname === `/${locale}` || pathname === `/${locale}/`) return scroll();
    void Promise.resolve(navigate(`/${locale}`)).then(() => window.setTimeout(scroll, 100));
  }, [locale, navigate, pathname]);
}
