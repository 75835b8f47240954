import { useEffect } from "react";
import { useTranslation } from "./i18n/use-translation";

// The server writes each page's title in its language (site/page-head.ts) and marks <html data-head="server">.
// Until the reader leaves the page they arrived on, that title stands: the app's own words for a page may differ.
const arrivedAt = typeof window === "undefined" ? null : window.location.pathname;
let leftArrivalPage = false;

/** Sets the document title as "<page> · Dialwise", once the reader has moved on from a page the server titled. */
export function usePageTitle(title: string | undefined): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (!title) return;
    if (window.location.pathname !== arrivedAt) leftArrivalPage = true;
    if (!leftArrivalPage && document.documentElement.dataset.head === "server") return;
    document.title = `${title} · ${t("brand.name")}`;
  }, [title, t]);
}
