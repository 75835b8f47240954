import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach } from "vitest";

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
 * file runs next. A file that used the client therefore waits for those timers before its
 * DOM is torn down.
 */
const NANOSTORES_UNMOUNT_DELAY_MS = 1000;
afterAll(async () => {
  if (!(Symbol.for("better-auth:broadcast-channel") in globalThis)) return;
  await new Promise((resolve) => setTimeout(resolve, NANOSTORES_UNMOUNT_DELAY_MS + 100));
});
