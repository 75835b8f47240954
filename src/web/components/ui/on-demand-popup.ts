import { useCallback, useId, useRef, useState, type FocusEvent as ReactFocusEvent } from "react";
import type { OnDemand } from "../../lib/on-demand";

/** What radix passes to a content's onInteractOutside and onCloseAutoFocus (only what we read). */
interface OutsideEvent {
  target: EventTarget | null;
  preventDefault: () => void;
}

/** What the loaded part of an on-demand popup is given: radix's controlled `open`, and the trigger's side of the content (its id, focus back on close). */
export interface OnDemandPopupProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  content: { id: string; onCloseAutoFocus: (event: Event) => void };
}

/**
 * A popup (dialog, popover) whose code is fetched on first use: the trigger is our own
 * button, rendered the same on the server and in the browser and never replaced, with
 * the attributes radix's Trigger gives; the fetch starts on hover or focus, a press opens
 * the popup as soon as its code is there. radix's Root then runs with `open` controlled
 * and without a Trigger, so the two things its Trigger did are done here: focus back to
 * the trigger on close (`content`), and a press on the trigger while a non-modal popup is
 * open toggling it instead of counting as a click outside (`outside`).
 */
export function useOnDemandPopup<T>(part: OnDemand<T>) {
  const module = part.useModule();
  const [wanted, setWanted] = useState(false);
  const open = wanted && module !== null;
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentId = useId();
  const interactedOutside = useRef(false);

  const preload = useCallback(() => {
    part.load().catch((error: unknown) => {
      // Nothing opens; the next press asks again.
      setWanted(false);
      console.warn("a popup's code could not load", error);
    });
  }, [part]);
  const setOpen = useCallback(
    (next: boolean) => {
      setWanted(next);
      if (next) preload();
    },
    [preload],
  );

  const trigger = {
    ref: triggerRef,
    type: "button" as const,
    "aria-haspopup": "dialog" as const,
    "aria-expanded": open,
    "aria-controls": open ? contentId : undefined,
    "data-state": open ? "open" : "closed",
    onPointerEnter: preload,
    onFocus: (_event: ReactFocusEvent) => preload(),
    onClick: () => setOpen(!open),
  };
  const content = {
    id: contentId,
    onCloseAutoFocus: (event: OutsideEvent) => {
      event.preventDefault();
      if (!interactedOutside.current) triggerRef.current?.focus();
      interactedOutside.current = false;
    },
  };
  /** For non-modal popups (a popover): a click elsewhere leaves focus where it went. */
  const outside = {
    onInteractOutside: (event: OutsideEvent) => {
      if (event.target instanceof Node && triggerRef.current?.contains(event.target)) event.preventDefault();
      else interactedOutside.current = true;
    },
  };
  return { module, open, setOpen, trigger, content, outside, anchor: triggerRef };
}
