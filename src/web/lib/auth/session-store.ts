import type { authClient as AuthClientInstance } from "../auth-client";

type AuthClient = typeof AuthClientInstance;

/** What better-auth's session store holds; the app reads who is signed in and until when. */
export interface SessionAtomValue {
  data: { user: { id: string; email: string }; session: { expiresAt: Date | string } } | null;
  isPending: boolean;
}

interface SessionAtom {
  get(): SessionAtomValue;
  listen(listener: () => void): () => void;
}

/** Until better-auth's client has loaded, the session is unknown (a server-rendered page's seed stands in for it, useAuth). */
const NOT_YET_CHECKED: SessionAtomValue = { data: null, isPending: true };

let loading: Promise<AuthClient> | undefined;
let atom: SessionAtom | undefined;
let stopListening: (() => void) | undefined;
const listeners = new Set<() => void>();

/**
 * better-auth's browser client, fetched on first use. It and its fetch and store
 * libraries are about 11 KiB gzipped that a page does not need to show or to be
 * taken over (who is signed in comes with a server-rendered page), so they stay out
 * of the first load; the session check starts once something listens to the session.
 */
export function loadAuthClient(): Promise<AuthClient> {
  loading ??= import("../auth-client").then(({ authClient }) => {
    atom = authClient.$store.atoms.session as unknown as SessionAtom;
    listenWhileWatched();
    // The session went from not yet checked to better-auth's own view (pending, or already known).
    for (const listener of [...listeners]) listener();
    return authClient;
  });
  return loading;
}

/** better-auth's client as it is being or has been fetched, or undefined when nothing asked for it yet (the tests' teardown waits for it). */
export function authClientRequested(): Promise<AuthClient> | undefined {
  return loading;
}

/** The session as better-auth's store holds it now (pending until its client has loaded and checked). */
export function readSession(): SessionAtomValue {
  return atom?.get() ?? NOT_YET_CHECKED;
}

/**
 * Calls `listener` whenever the session store changes, loading better-auth's client
 * if it is not yet here. One subscription to the store serves every listener, held
 * while any listens (better-auth checks the session when its store is first listened to).
 */
export function listenToSession(listener: () => void): () => void {
  listeners.add(listener);
  if (atom === undefined) void loadAuthClient();
  else listenWhileWatched();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopListening?.();
      stopListening = undefined;
    }
  };
}

function listenWhileWatched() {
  if (atom === undefined || stopListening !== undefined || listeners.size === 0) return;
  stopListening = atom.listen(() => {
    for (const listener of [...listeners]) listener();
  });
}
