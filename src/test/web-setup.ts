import * as dom from "@testing-library/dom";
import * as library from "@testing-library/react";
import { options } from "preact";
import { afterAll, afterEach } from "vitest";
import { drivePreactInTests } from "./preact-testing";

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => library.cleanup());

drivePreactInTests(library, dom, options);

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
