import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { directionOf, isLocale } from "../../shared/i18n/locales";
import { toasterMounted, useLoadedSonner } from "../lib/notify";

/** Sonner's shortcut to the notifications (its default hotkey), named in the region's label. */
const HOTKEY = "Alt+T";

/**
 * One toast at a time, 5 s, 356 px wide (spec), mirrored for Arabic; its region and close button are named in the reader's language.
 * Nothing renders until the first notification loads sonner (lib/notify.ts), on the server too.
 */
export function AppToaster() {
  const { t, i18n } = useTranslation();
  const sonner = useLoadedSonner();
  // After sonner's Toaster has subscribed (a child's effect runs first): the waiting toasts may go out.
  useEffect(() => (sonner ? toasterMounted() : undefined), [sonner]);
  if (!sonner) return null;
  const dir = isLocale(i18n.language) ? directionOf(i18n.language) : "ltr";
  return (
    <sonner.Toaster
      visibleToasts={1}
      duration={5000}
      dir={dir}
      position={dir === "rtl" ? "top-left" : "top-right"}
      richColors
      closeButton
      customAriaLabel={t("common.notifications", { hotkey: HOTKEY })}
      toastOptions={{ style: { width: 356 }, closeButtonAriaLabel: t("common.close_notification") }}
    />
  );
}
