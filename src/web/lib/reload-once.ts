/** Where the address last loaded afresh for a failed start is noted, for the tab's life. */
const RELOADED_FOR = "dw-reloaded-for";

/**
 * The app's code could not be loaded or started: most likely a new release replaced it
 * since the page was loaded (a visitor's page starts its app only at their first use,
 * which may be hours later; decision 051). Until the app runs, the page holds every press
 * back (decision 035), so its buttons would stay dead: the page is loaded afresh, once per
 * address, never in a loop when the failure is something else.
 */
export function reloadOnce(win: Window = window): void {
  const here = win.location.href;
  try {
    if (win.sessionStorage.getItem(RELOADED_FOR) === here) return;
    win.sessionStorage.setItem(RELOADED_FOR, here);
  } catch {
    // No storage (a private mode refusing it): a reload could not be told from a loop.
    return;
  }
  win.location.reload();
}

/** The app started: a later failure at this address may load it afresh again. */
export function startedWell(win: Window = window): void {
  try {
    win.sessionStorage.removeItem(RELOADED_FOR);
  } catch {
    // Nothing was noted without storage.
  }
}
