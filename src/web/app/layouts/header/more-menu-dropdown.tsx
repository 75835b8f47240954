import { ChevronDown } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useLayoutEffect, useRef, type FocusEvent } from "react";
import { useTranslation } from "../../../lib/i18n/use-translation";
import { NavLink } from "react-router";
import { useLocale } from "../../../lib/use-locale";
import { SUPPORT_PATH, type NavItem } from "./nav-items";
import { UnreadBadge } from "./unread-badge";
import { useSupportLink } from "./use-support-link";

const ITEM = "block w-full cursor-pointer rounded-md px-3 py-2 text-start text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 aria-[current=page]:text-brand-800";

/**
 * The More menu itself (radix's dropdown menu, with its trigger). Its own chunk, fetched
 * when the More button is first hovered, focused or pressed (more-menu.tsx), which this
 * then replaces, taking over its focus.
 */
export function MoreMenuDropdown({
  items,
  open,
  onOpenChange,
  onPointerEnter,
  onPointerLeave,
  onRates,
  unread,
  takeFocus,
  focusFirstItem,
}: {
  /** The menu's links, in order (the customer's or the admin's). */
  items: NavItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPointerEnter: () => void;
  onPointerLeave: () => void;
  /** The customer's Rates item, last; none without it. */
  onRates?: (() => void) | undefined;
  /** Unread support replies, badged on the trigger and on Contact support. */
  unread: number;
  /** The button this replaces had the focus: the trigger takes it. */
  takeFocus: boolean;
  /** The button this replaces was opened from the keyboard: the menu starts on its first item, as radix does for a key it saw. */
  focusFirstItem: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const onSupport = useSupportLink();
  const trigger = useRef<HTMLButtonElement>(null);
  // Only when it replaces the button: once, on mount.
  const focusOnMount = useRef(takeFocus);
  const firstItemOnOpen = useRef(focusFirstItem);
  useLayoutEffect(() => {
    if (focusOnMount.current) trigger.current?.focus();
  }, []);

  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenu.Trigger
        ref={trigger}
        onPointerEnter={onPointerEnter}
        onPointerLeave={onPointerLeave}
        className="inline-flex h-10 items-center gap-1 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        {t("nav.more")}
        <UnreadBadge count={unread} />
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          onPointerEnter={onPointerEnter}
          onPointerLeave={onPointerLeave}
          onFocus={(event: FocusEvent<HTMLDivElement>) => {
            // Radix focuses the menu itself as it opens; once, when the key was pressed before radix could see it, move on to the first item.
            if (!firstItemOnOpen.current || event.target !== event.currentTarget) return;
            firstItemOnOpen.current = false;
            event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
          }}
          className="z-50 min-w-48 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200"
        >
          {items.map((item) => (
            <DropdownMenu.Item key={item.key} asChild className={ITEM}>
              <NavLink to={`/${locale}/${item.path}`} onClick={item.path === SUPPORT_PATH ? onSupport : undefined}>
                {t(item.key)}
                {item.path === SUPPORT_PATH ? <UnreadBadge count={unread} className="ms-2" /> : null}
              </NavLink>
            </DropdownMenu.Item>
          ))}
          {onRates ? (
            <DropdownMenu.Item className={ITEM} onSelect={onRates}>
              {t("nav.rates")}
            </DropdownMenu.Item>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
