import { describe, expect, it, vi } from "vitest";
import { reloadOnce, startedWell } from "./reload-once";

/** A tab: its address, its session storage and a reload the test counts. */
function tab(href = "https://calls.example/en") {
  const stored = new Map<string, string>();
  const reload = vi.fn();
  const win = {
    location: { href, reload },
    sessionStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    },
  } as unknown as Window;
  return { win, reload };
}

describe("loading the page afresh when the app cannot start", () => {
  it("reloads once, and not again at the same address when the app fails again", () => {
    const { win, reload } = tab();
    reloadOnce(win);
    expect(reload).toHaveBeenCalledTimes(1);
    // The page came back and its app failed again: something else is wrong; no loop.
    reloadOnce(win);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("may reload again once the app has started well in between, and at another address", () => {
    const { win, reload } = tab();
    reloadOnce(win);
    startedWell(win);
    reloadOnce(win);
    expect(reload).toHaveBeenCalledTimes(2);
    (win.location as { href: string }).href = "https://calls.example/en/faq";
    reloadOnce(win);
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it("does not reload where the tab keeps no storage, since a loop could not be told apart", () => {
    const { win, reload } = tab();
    Object.defineProperty(win, "sessionStorage", {
      get() {
        throw new DOMException("denied", "SecurityError");
      },
    });
    reloadOnce(win);
    startedWell(win);
    expect(reload).not.toHaveBeenCalled();
  });
});
