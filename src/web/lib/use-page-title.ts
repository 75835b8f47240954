import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** Sets the document title as "<page> · Dialwise". */
export function usePageTitle(title: string | undefined): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (title) document.title = `${title} · ${t("brand.name")}`;
  }, [title, t]);
}
