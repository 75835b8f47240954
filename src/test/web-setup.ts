import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, vi } from "vitest";

// Vitest runs without globals, so Testing Library cannot register its own cleanup, nor tell React it runs under act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => cleanup());

// findBy… and waitFor wait up to 5 s for what should appear: a lazy page's chunk loads in tens
// of milliseconds on an idle machine and can take seconds on a busy two-core one. A test that
// passes is not slowed; one that fails fails 4 s later.
configure({ asyncUtilTimeout: 5000 });

/**
 * better-auth's client keeps its session in nanostores, which tear a store down 1 s after its
 * last listener leaves (a timer that then removes a `storage` listener from `window`). If the
 * test file's DOM is gone by then, that timer throws "window is not defined" into whichever
 * file runs next. A file that used the client therefore tears the client's stores down itself,
 * before its DOM goes: nanostores' `cleanStores` runs each store's teardown at once, drops its
 * listeners and marks it inactive, so a timer still pending finds nothing to do. (Waiting for
 * the timers instead missed a store whose last listener left after the wait had looked, and
 * cost up to a second per file.)
 */
afterAll(async () => {
  // A client the app is still fetching (on a busy machine it can arrive after the file's last test) is waited for first.
  const { authClientRequested } = await import("../web/lib/auth/session-store");
  await authClientRequested()?.catch(() => undefined);
  if (!(Symbol.for("better-auth:broadcast-channel") in globalThis)) return;
  // Already loaded by the file that used it: these imports evaluate nothing new.
  const [{ authClient }, { cleanStores, STORE_UNMOUNT_DELAY }] = await Promise.all([import("../web/lib/auth-client"), import("nanostores")]);
  cleanStores(...(Object.values(authClient.$store.atoms) as Parameters<typeof cleanStores>));
  // And any teardown timer set before the cleaning (by a store that is not among the client's atoms, or a
  // client a file replaced with its own) fires now, while this file's DOM is still here.
  await new Promise((resolve) => setTimeout(resolve, STORE_UNMOUNT_DELAY + 50));
});

/**
 * The web project's files share a worker's document and modules (vitest.config.ts): after each file, what a
 * page starts with is put back for the next: the address, an empty document in English, empty storage, real
 * timers and globals.
 */
const START_URL = window.location.href;
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, "", START_URL);
  const root = document.documentElement;
  for (const name of root.getAttributeNames()) root.removeAttribute(name);
  root.lang = "en";
  document.head.innerHTML = "";
  document.body.innerHTML = "";
  document.body.removeAttribute("style");
  window.localStorage.clear();
  window.sessionStorage.clear();
  // English strings: src/web/test/load-english.ts.
});
