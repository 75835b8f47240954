/**
 * The width the header, the footer and every page's content share (Tailwind classes), so no page
 * runs wider than its frame: what is wider (a table) scrolls inside its own container (ui/table.tsx).
 */
export const PAGE_WIDTH = "mx-auto w-full max-w-6xl px-4";
