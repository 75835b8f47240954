import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

/** A white, rounded surface with a hairline ring. */
export function Card({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6", className)} {...props} />;
}
