import { useTranslation } from "react-i18next";
import { Toaster } from "sonner";
import { directionOf, isLocale } from "../../shared/i18n/locales";

/** One toast at a time, 5 s, 356 px wide (spec), mirrored for Arabic. */
export function AppToaster() {
  const { i18n } = useTranslation();
  const dir = isLocale(i18n.language) ? directionOf(i18n.language) : "ltr";
  return <Toaster visibleToasts={1} duration={5000} dir={dir} position={dir === "rtl" ? "top-left" : "top-right"} richColors closeButton toastOptions={{ style: { width: 356 } }} />;
}
