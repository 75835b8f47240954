import { useEffect, useRef, useState } from "react";
import { Input } from "./input";

const LABEL = "block text-sm font-medium text-slate-800";

/** Typing pauses this long before a text filter asks the server. */
export const TEXT_FILTER_DELAY_MS = 300;

/**
 * A text filter that applies once typing pauses, so each keystroke does not ask the server.
 * A value changed from outside (cleared, back button) replaces what is in the box.
 * `dir` is the text's direction (an email or a number reads left to right; free text follows the page).
 */
export function TextFilter({
  id,
  label,
  hint,
  value,
  type,
  dir,
  onCommit,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  type: "search" | "tel";
  dir?: "ltr";
  onCommit: (text: string) => void;
}) {
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
      <Input id={id} type={type} dir={dir} autoComplete="off" value={text} onChange={(event) => setText(event.target.value)} aria-describedby={`${id}-hint`} className="text-start" />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {hint}
      </p>
    </div>
  );
}
