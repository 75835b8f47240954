import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

/**
 * Table pieces. The wrapper scrolls sideways on narrow screens (390 px phones)
 * instead of squeezing columns; it is focusable so keyboard users can scroll it, and
 * positioned, so visually hidden (absolute) text in a cell cannot widen the page.
 */
export function Table({ className, label, ...props }: ComponentProps<"table"> & { label: string }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="relative overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600">
      <table className={cn("w-full border-collapse text-sm", className)} {...props} />
    </div>
  );
}

export function TableHead({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-t border-slate-100 first:border-t-0", className)} {...props} />;
}

export function TableHeaderCell({ className, ...props }: ComponentProps<"th">) {
  return <th scope="col" className={cn("whitespace-nowrap px-3 py-2.5 text-start align-bottom", className)} {...props} />;
}

export function TableCell({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-3 py-2.5 align-middle text-slate-800", className)} {...props} />;
}
