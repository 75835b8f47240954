/**
 * The first sign that a person is at a page: a pointer moving or pressing, a touch, a
 * key, focus moving into the page, a wheel turned or the page scrolled, a click, typing. An anonymous
 * visitor's page is whole as the server wrote it (its links work, and what is typed or
 * pressed is kept by early-input.ts), so its app starts at this sign rather than at load
 * (decision 051). The sign is noted from the page's first moment by the inline script,
 * before the app's own code has arrived, and read by the entry (src/web/boot.ts).
 */
// A click and typed input count on their own: a screen reader's activation, a voice command or the browser's
// autofill can make them without any pointer, key or focus event before them.
export const FIRST_USE_EVENTS = ["pointermove", "pointerdown", "touchstart", "keydown", "focusin", "wheel", "scroll", "click", "input", "change", "submit"] as const;
/** Set on <html> at the first sign of a person. */
export const FIRST_USE_ATTRIBUTE = "data-first-use";

/** Marks `<html data-first-use>` at the first sign of a person. Runs inline at the top of the page. */
export function noteFirstUse(win: Window & typeof globalThis): void {
  const root = win.document.documentElement;
  const mark = () => {
    for (const type of FIRST_USE_EVENTS) win.removeEventListener(type, mark, true);
    root.setAttribute(FIRST_USE_ATTRIBUTE, "");
  };
  for (const type of FIRST_USE_EVENTS) win.addEventListener(type, mark, { capture: true, passive: true });
}

/** Resolves at the page's first use: at once when it has been used already. */
export function firstUse(win: Window & typeof globalThis): Promise<void> {
  const root = win.document.documentElement;
  return new Promise((resolve) => {
    if (root.hasAttribute(FIRST_USE_ATTRIBUTE)) return resolve();
    const watch = new win.MutationObserver(() => {
      if (!root.hasAttribute(FIRST_USE_ATTRIBUTE)) return;
      watch.disconnect();
      resolve();
    });
    watch.observe(root, { attributes: true, attributeFilter: [FIRST_USE_ATTRIBUTE] });
  });
}
