import { Dialog as DialogPrimitive } from "radix-ui";
import { X } from "lucide-react";
import { useRef, type ComponentProps, type ReactNode } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { cn } from "../../lib/cn";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/** An element that can take focus back: still in the page and not disabled. */
function canTakeFocus(element: Element | null): element is HTMLElement {
  return element instanceof HTMLElement && element.isConnected && !element.matches(":disabled");
}

/** The page's heading, made focusable from script only: where a reader is put back when what they pressed is gone. */
function pageHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>("#main h1");
  if (heading && !heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  return heading;
}

/**
 * A centred modal with a title, an optional description, and a close button; focus is trapped by radix. On close,
 * focus goes back to what had it when the dialog opened: radix does that only for a dialog opened by its Trigger,
 * and most of ours open from state (a row's button, the end of a call). When that control is gone (a deleted row)
 * or cannot take focus, `returnFocus` says where it goes, else the page's heading; the next Tab then goes on from
 * there instead of from the top of the page.
 */
export function DialogContent({
  title,
  description,
  children,
  className,
  returnFocus,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { title: ReactNode; description?: ReactNode; returnFocus?: () => HTMLElement | null | undefined }) {
  const { t } = useTranslation();
  const opener = useRef<Element | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-sm" />
      <DialogPrimitive.Content
        className={cn(
          "fixed start-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] max-w-md -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl ltr:-translate-x-1/2 rtl:translate-x-1/2",
          className,
        )}
        {...(description ? {} : { "aria-describedby": undefined })}
        {...props}
        onOpenAutoFocus={(event) => {
          // Radix asks before it moves focus in: what has it now opened the dialog (nothing when the page has it).
          opener.current = document.activeElement === document.body ? null : document.activeElement;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          const from = opener.current;
          opener.current = null;
          const target = canTakeFocus(from) ? from : (returnFocus?.() ?? (from ? pageHeading() : null));
          // Nothing had focus (a press that does not focus, as in Safari): radix's own (its Trigger, else the page).
          if (!target) return;
          event.preventDefault();
          target.focus({ preventScroll: true });
        }}
      >
        <DialogPrimitive.Title className="pe-8 text-lg font-semibold text-slate-900">{title}</DialogPrimitive.Title>
        {description ? <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">{description}</DialogPrimitive.Description> : null}
        <div className="mt-4">{children}</div>
        <DialogPrimitive.Close className="absolute end-4 top-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900">
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">{t("common.close")}</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
