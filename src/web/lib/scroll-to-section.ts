/** What tells us the reader has taken over the scrolling. */
const READER_INPUT = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/** How long to keep following a section whose page is still loading around it. */
const FOLLOW_MS = 3000;

/** Smooth unless the reader asked the system for less motion (read at call time, never during render). */
export function scrollBehavior(): ScrollBehavior {
  const reduce = typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  return reduce ? "auto" : "smooth";
}

/**
 * Scrolls the element with this id to the top of the view (below the fixed header:
 * the page's scroll-padding). A page just navigated to is still filling in above it
 * (the dialler's popular countries, the comparison's rows), which would push the
 * section back out of view after a scroll aimed at where it was; so for a few seconds
 * the scroll follows the section when the page changes size, until the reader scrolls,
 * taps or types. Returns false when there is no such element.
 */
export function scrollToSection(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const behavior = scrollBehavior();
  target.scrollIntoView({ behavior, block: "start" });
  if (typeof ResizeObserver !== "function") return true;

  const position = () => target.getBoundingClientRect().top + window.scrollY;
  let aimedAt = position();
  const observer = new ResizeObserver(() => {
    const now = position();
    if (Math.abs(now - aimedAt) < 1) return;
    aimedAt = now;
    target.scrollIntoView({ behavior, block: "start" });
  });
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of READER_INPUT) window.removeEventListener(type, stop);
  };
  const timer = window.setTimeout(stop, FOLLOW_MS);
  for (const type of READER_INPUT) window.addEventListener(type, stop, { passive: true });
  observer.observe(document.body);
  return true;
}

/**
 * Like scrollToSection, for a page that has just been navigated to and may not show the
 * section yet (the home page waits for its strings before it shows): scrolls as soon as the
 * element is there, for up to `waitMs`, unless the reader scrolls, taps or types first.
 */
export function scrollToSectionOnceShown(id: string, waitMs = FOLLOW_MS): void {
  if (scrollToSection(id) || typeof MutationObserver !== "function") return;
  const observer = new MutationObserver(() => {
    if (document.getElementById(id) === null) return;
    stop();
    scrollToSection(id);
  });
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of READER_INPUT) window.removeEventListener(type, stop);
  };
  const timer = window.setTimeout(stop, waitMs);
  for (const type of READER_INPUT) window.addEventListener(type, stop, { passive: true });
  observer.observe(document.body, { childList: true, subtree: true });
}
