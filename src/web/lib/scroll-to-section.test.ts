import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { scrollToSection, scrollToSectionOnceShown } from "./scroll-to-section";

/** A ResizeObserver the test fires by hand (jsdom has none). */
class FakeObserver {
  static current: FakeObserver | null = null;
  disconnected = false;
  constructor(private callback: () => void) {
    FakeObserver.current = this;
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  fire() {
    if (!this.disconnected) this.callback();
  }
}

describe("scrollToSection", () => {
  let target: HTMLElement;
  let top = 3000;
  const scroll = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("ResizeObserver", FakeObserver);
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: false, media: query }));
    target = document.createElement("h2");
    target.id = "section";
    target.scrollIntoView = scroll;
    target.getBoundingClientRect = () => ({ top }) as DOMRect;
    document.body.append(target);
  });
  afterEach(() => {
    target.remove();
    scroll.mockReset();
    top = 3000;
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("answers false for an id that is not on the page", () => {
    expect(scrollToSection("nowhere")).toBe(false);
  });

  it("follows the section when content above it arrives after the scroll", () => {
    expect(scrollToSection("section")).toBe(true);
    expect(scroll).toHaveBeenCalledTimes(1);
    FakeObserver.current!.fire();
    // Same place: nothing to do.
    expect(scroll).toHaveBeenCalledTimes(1);
    top = 3200;
    FakeObserver.current!.fire();
    expect(scroll).toHaveBeenCalledTimes(2);
    expect(scroll).toHaveBeenLastCalledWith({ behavior: "smooth", block: "start" });
  });

  it("lets go once the reader scrolls, or after a few seconds", () => {
    scrollToSection("section");
    window.dispatchEvent(new Event("wheel"));
    top = 3200;
    FakeObserver.current!.fire();
    expect(scroll).toHaveBeenCalledTimes(1);

    scrollToSection("section");
    vi.advanceTimersByTime(3000);
    top = 3400;
    FakeObserver.current!.fire();
    expect(scroll).toHaveBeenCalledTimes(2);
  });

  it("scrolls to a section that appears after the navigation, once it is there", async () => {
    target.remove();
    scrollToSectionOnceShown("section");
    expect(scroll).not.toHaveBeenCalled();
    document.body.append(target);
    await vi.waitFor(() => expect(scroll).toHaveBeenCalledTimes(1));
  });

  it("does not scroll to a section that appears after the reader has moved on, or too late", async () => {
    target.remove();
    scrollToSectionOnceShown("section");
    window.dispatchEvent(new Event("keydown"));
    document.body.append(target);
    await Promise.resolve();
    target.remove();
    scrollToSectionOnceShown("section", 1000);
    vi.advanceTimersByTime(1000);
    document.body.append(target);
    await Promise.resolve();
    expect(scroll).not.toHaveBeenCalled();
  });
});
