/**
 * The attributes that say, in the DOM, which parts of a server-rendered page React has taken
 * over (committed-boundary.tsx, islands.tsx). The early-input replay (early-input/early-input.ts)
 * reads them; it runs before the app and imports nothing else of it.
 */
/** Every island's wrapper: `<div data-island="{name}">`. */
export const ISLAND_ATTRIBUTE = "data-island";
/** Every Suspense boundary's wrapper that says when its content is committed, islands' included. */
export const BOUNDARY_ATTRIBUTE = "data-boundary";
/**
 * Set on a boundary's wrapper once React has committed its content. React marks each element
 * with its fiber while it renders a part, before that render is committed (and a render can
 * be set aside, as when a part suspends or yields): only this says the part's handlers answer.
 * An event reaching a part whose boundary React has not committed is dropped by React when it
 * cannot hydrate the boundary on the spot (its code or data still coming).
 */
export const TAKEN_OVER_ATTRIBUTE = "data-taken-over";
/**
 * Dispatched (bubbling) on an element the early-input replay is about to act on: a deferred island
 * around it is taken over now (islands.tsx), as when it is touched, wherever the screen has scrolled.
 */
export const TAKE_OVER_EVENT = "app:take-over";
