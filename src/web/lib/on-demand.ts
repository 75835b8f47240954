import { useSyncExternalStore } from "react";

/**
 * A module the first load leaves out, fetched when the code first asks for it (a click,
 * a focus, a started call). `useModule` gives it to a component once it is there, and
 * null until then, and always null while the server renders and while the browser
 * hydrates, so what is rendered before anyone asked is the same on both sides.
 */
export interface OnDemand<T> {
  /** Starts the fetch (once) and resolves with the module. */
  load: () => Promise<T>;
  /** The module once loaded; the component renders again when it arrives. */
  useModule: () => T | null;
  /** The module if already loaded, for code outside React. */
  loaded: () => T | null;
}

export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let module: T | null = null;
  let loading: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const load = () => {
    loading ??= importer().then(
      (loadedModule) => {
        module = loadedModule;
        for (const listener of listeners) listener();
        return loadedModule;
      },
      (error: unknown) => {
        // A failed fetch (offline, a new deploy) may be asked for again.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return {
    load,
    loaded: () => module,
    useModule: () =>
      useSyncExternalStore(
        subscribe,
        () => module,
        () => null,
      ),
  };
}
