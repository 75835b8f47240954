import { useEffect } from "react";
import { useTranslation } from "../lib/i18n/use-translation";
import { directionOf, isLocale } from "../../shared/i18n/locales";
import { loadSonnerWhenIdle, toasterMounted, useLoadedSonner } from "../lib/notify";
import { textOrNothing } from "../lib/i18n/i18n";

/** Sonner's shortcut to the notifications (its default hotkey), named in the region's label. */
const HOTKEY = "Alt+T";
/**
 * Toasts start below the fixed header (h-16, 4rem: layouts/header/site-header.tsx) with a small gap, on
 * phones too, so they never cover its balance, language button or menu; the sides keep sonner's own.
 */
const BELOW_HEADER = "calc(4rem + 12px)";

/**
 * One toast at a time, 5 s, 356 px wide (spec), mirrored for Arabic; its region and close button are named in the reader's language.
 * Until sonner has loaded (lib/notify.ts), on the server too, the region is an empty one like sonner's own.
 */
export function AppToaster() {
  const { t, i18n } = useTranslation();
  const sonner = useLoadedSonner();
  // After sonner's Toaster has subscribed (a child's effect runs first): the waiting toasts may go out.
  useEffect(() => (sonner ? toasterMounted() : loadSonnerWhenIdle()), [sonner]);
  const label = textOrNothing(i18n, "common.notifications", { hotkey: HOTKEY });
  // What sonner's Toaster renders while it has no toast: the named live region screen readers follow.
  if (!sonner) return <section aria-label={label} tabIndex={-1} aria-live="polite" aria-relevant="additions text" aria-atomic="false" data-react-aria-top-layer />;
  const dir = isLocale(i18n.language) ? directionOf(i18n.language) : "ltr";
  return (
    <sonner.Toaster
      visibleToasts={1}
      duration={5000}
      dir={dir}
      position={dir === "rtl" ? "top-left" : "top-right"}
      offset={{ top: BELOW_HEADER }}
      mobileOffset={{ top: BELOW_HEADER }}
      richColors
      closeButton
      customAriaLabel={label}
      toastOptions={{ style: { width: 356 }, closeButtonAriaLabel: t("common.close_notification") }}
    />
  );
}
