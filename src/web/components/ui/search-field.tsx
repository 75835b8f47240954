import { Search } from "lucide-react";
import { useId } from "react";
import { cn } from "../../lib/cn";
import { Input } from "./input";

/** A search box with a magnifier at its start and a label for screen readers only. */
export function SearchField({ label, placeholder, value, onChange, className }: { label: string; placeholder: string; value: string; onChange: (value: string) => void; className?: string }) {
  const id = useId();
  return (
    <div className={cn("relative", className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
      <Input id={id} type="search" value={value} onChange={(event) => onChange(event.target.value)} placeholder={placeholder} className="ps-9" />
    </div>
  );
}
