import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ANALYTICS_DELAY_MS, INTERACTION_EVENTS, loadGoogleAnalytics, onFirstInteraction, startDeferredAnalytics } from "./deferred-analytics";

const gtagScripts = () => document.head.querySelectorAll('script[src^="https://www.googletagmanager.com/"]');

describe("onFirstInteraction", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("loads after five seconds when nobody interacts, and only once", () => {
    const load = vi.fn();
    onFirstInteraction(window, load);
    vi.advanceTimersByTime(ANALYTICS_DELAY_MS - 1);
    expect(load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(load).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event("keydown"));
    vi.advanceTimersByTime(ANALYTICS_DELAY_MS * 2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it.each(INTERACTION_EVENTS)("loads at once on the first %s, and not again when the time is up", (type) => {
    const load = vi.fn();
    onFirstInteraction(window, load);
    vi.advanceTimersByTime(1000);
    window.dispatchEvent(new Event(type));
    expect(load).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event(type));
    vi.advanceTimersByTime(ANALYTICS_DELAY_MS);
    expect(load).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("hears a scroll inside the page, which does not bubble to the window", () => {
    const load = vi.fn();
    onFirstInteraction(window, load);
    const list = document.body.appendChild(document.createElement("div"));
    list.dispatchEvent(new Event("scroll", { bubbles: false }));
    expect(load).toHaveBeenCalledTimes(1);
    list.remove();
  });

  it("does nothing once cancelled", () => {
    const load = vi.fn();
    const cancel = onFirstInteraction(window, load);
    cancel();
    window.dispatchEvent(new Event("pointerdown"));
    vi.advanceTimersByTime(ANALYTICS_DELAY_MS);
    expect(load).not.toHaveBeenCalled();
  });
});

describe("deferred Google Analytics", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    for (const node of document.head.querySelectorAll('meta[name="analytics-id"], script')) node.remove();
    delete window.dataLayer;
  });

  it("adds nothing, and waits for nothing, when the page carries no measurement ID", () => {
    startDeferredAnalytics();
    expect(vi.getTimerCount()).toBe(0);
    window.dispatchEvent(new Event("pointerdown"));
    vi.advanceTimersByTime(ANALYTICS_DELAY_MS * 2);
    expect(gtagScripts()).toHaveLength(0);
    expect(window.dataLayer).toBeUndefined();
  });

  it("loads gtag.js for the page's measurement ID after five seconds, IP anonymised and without a page view", () => {
    const meta = document.head.appendChild(document.createElement("meta"));
    meta.name = "analytics-id";
    meta.content = "G-TEST1234";
    startDeferredAnalytics();
    expect(gtagScripts()).toHaveLength(0);
    vi.advanceTimersByTime(ANALYTICS_DELAY_MS);
    const scripts = gtagScripts();
    expect(scripts).toHaveLength(1);
    expect((scripts[0] as HTMLScriptElement).src).toBe("https://www.googletagmanager.com/gtag/js?id=G-TEST1234");
    expect((scripts[0] as HTMLScriptElement).async).toBe(true);
    const queued = (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
    expect(queued[0]?.[0]).toBe("js");
    expect(queued[1]).toEqual(["config", "G-TEST1234", { anonymize_ip: true, send_page_view: false }]);
    // Queued as arguments objects, the only form gtag.js reads.
    expect(Object.prototype.toString.call(window.dataLayer?.[1])).toBe("[object Arguments]");
  });

  it("keeps a queue the page already has", () => {
    window.dataLayer = ["earlier"];
    loadGoogleAnalytics("G-TEST1234");
    expect(window.dataLayer).toHaveLength(3);
    expect(window.dataLayer[0]).toBe("earlier");
  });
});
