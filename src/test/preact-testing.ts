import type * as DomTestingLibrary from "@testing-library/dom";
import type * as TestingLibrary from "@testing-library/react";
import type { Options } from "preact";

/**
 * How the web tests drive Preact (decision 019), applied by web-setup.ts and again by a test
 * that loads fresh copies of its modules (vi.resetModules), whose Testing Library and Preact
 * are fresh too.
 */
export function drivePreactInTests(library: typeof TestingLibrary, dom: typeof DomTestingLibrary, options: Options) {
  // findBy… and waitFor wait up to 5 s for what should appear: a lazy page's chunk loads in tens
  // of milliseconds on an idle machine and can take seconds on a busy two-core one. A test that
  // passes is not slowed; one that fails fails 4 s later.
  // The wait runs outside act(): Preact's act holds every render until its callback settles,
  // so a waitFor inside it would never see the page change. Each step then lets timers run.
  library.configure({
    asyncUtilTimeout: 5000,
    asyncWrapper: async (callback) => {
      const result: unknown = await callback();
      await new Promise((resolve) => setTimeout(resolve, 0));
      return result;
    },
  });

  // Preact runs effects after the next frame; happy-dom's frames follow a 60 Hz clock that fake timers stop. A task is as good here.
  options.requestAnimationFrame = (callback) => void setTimeout(callback, 0);

  /**
   * Testing Library's Preact fireEvent sends every `change` as `input`, which is what
   * preact/compat listens to on text fields. A select, a checkbox, a radio button and a file
   * input still listen to `change` (as in the browser), so those get the real event.
   */
  const changeAsInput = library.fireEvent.change;
  library.fireEvent.change = (element: Document | Element | Window | Node, init?: object) => {
    if (element instanceof HTMLSelectElement || (element instanceof HTMLInputElement && ["checkbox", "radio", "file"].includes(element.type))) {
      let fired = false;
      library.act(() => {
        fired = dom.fireEvent.change(element, init);
      });
      return fired;
    }
    return changeAsInput(element, init);
  };
}
