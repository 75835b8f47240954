import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { FAQ_ENTRIES, faqAnchor } from "../../../shared/content/faq-entries";

/**
 * Which FAQ entries are open, with the one the address's #fragment names (#faq-refunds, as the
 * site search links) opened, scrolled to and focused once the page shows its questions, and again
 * whenever the fragment changes. Done in an effect: the server never sees the fragment, so the first
 * render must not depend on it.
 */
export function useFaqOpenFromHash(ready: boolean): [string[], (open: string[]) => void] {
  const { hash } = useLocation();
  const [open, setOpen] = useState<string[]>([]);

  useEffect(() => {
    if (!ready || hash === "") return;
    const anchor = decodeURIComponent(hash.slice(1));
    const entry = FAQ_ENTRIES.find((faq) => faqAnchor(faq.id) === anchor);
    if (entry === undefined) return;
    setOpen((current) => (current.includes(entry.id) ? current : [...current, entry.id]));
    const item = document.getElementById(anchor);
    // The page's scroll padding keeps the question clear of the fixed header.
    item?.scrollIntoView({ block: "start" });
    item?.querySelector<HTMLButtonElement>("button")?.focus({ preventScroll: true });
  }, [hash, ready]);

  return [open, setOpen];
}
