import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";

/** How long typing pauses before the address (and so the search) follows. */
export const TYPING_PAUSE_MS = 250;

/**
 * The search box's text and the `q` in the address, kept in step: what is typed reaches the address
 * once typing pauses; an address the page did not write (back, forward, a link) fills the box. One
 * run of typing is one history entry (its first write pushes, the rest replace), so Back returns to
 * the search before it rather than stepping through letters; Enter ends the run at once.
 */
export function useSearchAddress() {
  const [params, setParams] = useSearchParams();
  const addressQuery = params.get("q") ?? "";
  const [input, setInput] = useState(addressQuery);
  // The last `q` this page wrote: the router shows it a render or more later and it must not be adopted as outside.
  const written = useRef(addressQuery);
  // Whether the current history entry belongs to the run of typing in progress.
  const inRun = useRef(false);

  useEffect(() => {
    if (addressQuery === written.current) return;
    written.current = addressQuery;
    inRun.current = false;
    setInput(addressQuery);
  }, [addressQuery]);

  const write = useCallback(
    (text: string) => {
      if (text === written.current) return;
      written.current = text;
      setParams(text === "" ? {} : { q: text }, { replace: inRun.current });
      inRun.current = true;
    },
    [setParams],
  );

  useEffect(() => {
    if (input === written.current) return;
    const timer = setTimeout(() => write(input), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [input, write]);

  /** Enter: search now, and let the next typing start a new history entry. */
  const submit = useCallback(() => {
    write(input);
    inRun.current = false;
  }, [input, write]);

  return { input, setInput, query: addressQuery, submit };
}
