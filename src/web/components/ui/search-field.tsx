import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
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

const LABEL = "block text-sm font-medium text-slate-800";

/** Typing pauses this long before a text filter asks the server. */
export const TEXT_FILTER_DELAY_MS = 300;

/**
 * A text filter that applies once typing pauses, so each keystroke does not ask the server.
 * A value changed from outside (cleared, back button) replaces what is in the box.
 */
export function TextFilter({ id, label, hint, value, type, onCommit }: { id: string; label: string; hint: string; value: string; type: "search" | "tel"; onCommit: (text: string) => void }) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);
  useEffect(() => {
    if (text === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text;
      onCommit(text);
    }, TEXT_FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, onCommit]);
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <Input id={id} type={type} dir="ltr" autoComplete="off" value={text} onChange={(event) => setText(event.target.value)} aria-describedby={`${id}-hint`} className="text-start" />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {hint}
      </p>
    </div>
  );
}

