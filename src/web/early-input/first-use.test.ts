import { afterEach, describe, expect, it } from "vitest";
import { FIRST_USE_ATTRIBUTE, FIRST_USE_EVENTS, firstUse, noteFirstUse } from "./first-use";

/** Whether the promise has settled by the time the microtasks (and the observer's records) have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe("the page's first use", () => {
  afterEach(() => document.documentElement.removeAttribute(FIRST_USE_ATTRIBUTE));

  it("waits while nobody has touched the page: loading, painting and time passing are not a use", async () => {
    noteFirstUse(window);
    const used = firstUse(window);
    window.dispatchEvent(new Event("load"));
    document.dispatchEvent(new Event("visibilitychange"));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await settled(used)).toBe(false);
    expect(document.documentElement.hasAttribute(FIRST_USE_ATTRIBUTE)).toBe(false);
  });

  // Each sign on its own, where a person makes it: on an element of the page, heard by the window as it passes down.
  it.each([
    ["a mouse moving over the page", () => document.body.dispatchEvent(new PointerEvent("pointermove", { bubbles: true }))],
    ["a press", () => document.body.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }))],
    ["a finger on the screen", () => document.body.dispatchEvent(new Event("touchstart", { bubbles: true }))],
    ["a key", () => document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", bubbles: true }))],
    ["focus moving into the page", () => document.body.dispatchEvent(new FocusEvent("focusin", { bubbles: true }))],
    ["a wheel", () => document.body.dispatchEvent(new WheelEvent("wheel", { bubbles: true }))],
    ["the page scrolled", () => document.dispatchEvent(new Event("scroll"))],
    // A screen reader activates a button with a click alone; autofill and dictation type with no key pressed.
    ["a click with nothing before it", () => document.body.dispatchEvent(new MouseEvent("click", { bubbles: true }))],
    ["text typed with no key pressed", () => document.body.dispatchEvent(new Event("input", { bubbles: true }))],
    ["a field changed", () => document.body.dispatchEvent(new Event("change", { bubbles: true }))],
    ["a form submitted", () => document.body.dispatchEvent(new Event("submit", { bubbles: true }))],
  ])("starts at %s", async (_sign, make) => {
    noteFirstUse(window);
    const used = firstUse(window);
    make();
    expect(await settled(used)).toBe(true);
    expect(document.documentElement.hasAttribute(FIRST_USE_ATTRIBUTE)).toBe(true);
  });

  it("covers every sign it names", () => {
    expect([...FIRST_USE_EVENTS].sort()).toEqual(["change", "click", "focusin", "input", "keydown", "pointerdown", "pointermove", "scroll", "submit", "touchstart", "wheel"]);
  });

  it("starts at once when the page was used before the app's entry asked", async () => {
    noteFirstUse(window);
    document.body.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    expect(await settled(firstUse(window))).toBe(true);
  });

  it("stops listening after the first sign", async () => {
    noteFirstUse(window);
    document.body.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    document.documentElement.removeAttribute(FIRST_USE_ATTRIBUTE);
    document.body.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    expect(document.documentElement.hasAttribute(FIRST_USE_ATTRIBUTE)).toBe(false);
  });
});
