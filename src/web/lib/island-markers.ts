/**
 * The attributes an island's wrapper carries in the DOM (islands.tsx), read also by the
 * early-input replay (early-input/early-input.ts), which runs before the app and imports
 * nothing else of it.
 */
/** Every island's wrapper: `<div data-island="{name}">`. */
export const ISLAND_ATTRIBUTE = "data-island";
/**
 * Set on an island's wrapper once React has committed the island's content. React marks each
 * element with its fiber while it renders a part, before that render is committed (and a
 * render can be set aside, as when a part suspends or yields): only this says the part's
 * handlers answer.
 */
export const TAKEN_OVER_ATTRIBUTE = "data-taken-over";
