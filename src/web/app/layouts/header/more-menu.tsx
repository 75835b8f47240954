import { ChevronDown } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useTranslation } from "../../../lib/i18n/use-translation";
import { onDemand } from "../../../lib/on-demand";
import type { NavItem } from "./nav-items";
import { UnreadBadge } from "./unread-badge";

const CLOSE_DELAY_MS = 1000;
/** The keys with which radix's trigger toggles its menu, and the one that only opens it. */
const TOGGLING_KEYS = ["Enter", " "];
const OPENING_KEY = "ArrowDown";

/** The menu's code (radix's dropdown menu): fetched when the button is first hovered, focused or pressed, not with the page. */
const moreMenuDropdown = onDemand(() => import("./more-menu-dropdown"));

/**
 * The header's More menu of `items` (the customer's, with Rates and the unread badge on its button and its
 * Contact support item; the admin's): opens on hover (or click/keyboard) and closes 1 s after the
 * pointer leaves. Until its code is there it is a button like radix's closed trigger that
 * asks for the code and remembers a request to open; the menu then takes its place.
 */
export function MoreMenu({ items, onRates, unread = 0 }: { items: NavItem[]; onRates?: () => void; unread?: number }) {
  const { t } = useTranslation();
  const dropdown = moreMenuDropdown.useModule();
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const focused = useRef(false);
  // Opened from the keyboard before radix was there to see the key: its menu then starts on its first item, as radix's own does.
  const openedByKey = useRef(false);
  const load = () => {
    moreMenuDropdown.load().catch((error: unknown) => {
      setOpen(false);
      console.warn("the More menu could not load", error);
    });
  };
  const keepOpen = () => {
    window.clearTimeout(closeTimer.current);
    setOpen(true);
    load();
  };
  // What radix's trigger does on a press: toggle (a hover may have opened it already).
  const toggle = () => {
    window.clearTimeout(closeTimer.current);
    setOpen((current) => !current);
    load();
  };
  const closeSoon = () => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  };
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  if (dropdown) {
    return <dropdown.MoreMenuDropdown items={items} open={open} onOpenChange={setOpen} onPointerEnter={keepOpen} onPointerLeave={closeSoon} onRates={onRates} unread={unread} takeFocus={focused.current} focusFirstItem={openedByKey.current} />;
  }
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={keepOpen}
      onPointerLeave={closeSoon}
      onFocus={() => {
        focused.current = true;
        load();
      }}
      onBlur={() => {
        focused.current = false;
      }}
      onPointerDown={(event: PointerEvent) => {
        if (event.button === 0 && !event.ctrlKey) toggle();
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === OPENING_KEY) keepOpen();
        else if (TOGGLING_KEYS.includes(event.key)) toggle();
        else return;
        openedByKey.current = true;
        event.preventDefault();
      }}
      className="inline-flex h-10 items-center gap-1 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
    >
      {t("nav.more")}
      <UnreadBadge count={unread} />
      <ChevronDown aria-hidden="true" className="size-4" />
    </button>
  );
}
