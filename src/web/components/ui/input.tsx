import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return (
    <input
      type={type}
      className={cn(
        "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-400",
        "focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/40",
        "aria-invalid:border-red-500 disabled:cursor-not-allowed disabled:bg-slate-100",
        className,
      )}
      {...props}
    />
  );
}
