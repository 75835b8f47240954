/**
 * Told when this tab's sign-in goes on under a new session: better-auth ends every session on a password
 * change (ours asks it to end the others) and opens a new one for this tab. What was issued for the old
 * session (the voice device's call grant, decision 058) is fetched again by whoever listens.
 */
const listeners = new Set<() => void>();

export function announceNewSession(): void {
  for (const listener of listeners) listener();
}

/** Listens until the returned function is called. */
export function onNewSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
