import { useTranslation } from "react-i18next";
import { Toaster } from "sonner";
import { directionOf, isLocale } from "../../shared/i18n/locales";
import { textOrNothing } from "../lib/i18n/i18n";

/** Sonner's shortcut to the notifications (its default hotkey), named in the region's label. */
const HOTKEY = "Alt+T";

/** One toast at a time, 5 s, 356 px wide (spec), mirrored for Arabic; its region and close button are named in the reader's language. */
export function AppToaster() {
  const { t, i18n } = useTranslation();
  const dir = isLocale(i18n.language) ? directionOf(i18n.language) : "ltr";
  return (
    <Toaster
      visibleToasts={1}
      duration={5000}
      dir={dir}
      position={dir === "rtl" ? "top-left" : "top-right"}
      richColors
      closeButton
      customAriaLabel={textOrNothing(i18n, "common.notifications", { hotkey: HOTKEY })}
      toastOptions={{ style: { width: 356 }, closeButtonAriaLabel: t("common.close_notification") }}
    />
  );
}
