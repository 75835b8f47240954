import { act, fireEvent, screen } from "@testing-library/react";
import { createContext, memo, startTransition, StrictMode, Suspense, useContext, useEffect, useState } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TAKE_OVER_EVENT } from "./boundary-markers";
import { Island, releaseAllIslands, releaseIsland, watchIslands } from "./islands";

/** Which parts have run their effects: only a part React has taken over has. */
const running = new Set<string>();

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  useEffect(() => {
    running.add(name);
  }, [name]);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {name} {count}
    </button>
  );
}

function Page({ note = "" }: { note?: string }) {
  return (
    <Suspense fallback={<p>loading</p>}>
    <main>
      <p>{note}</p>
      <Island name="controls">
        <Counter name="eager" />
      </Island>
      <Island name="text" deferred>
        <Counter name="text" />
        <p>between</p>
      </Island>
      <Island name="later" deferred>
        <Counter name="later" />
      </Island>
    </main>
    </Suspense>
  );
}

/** Observed elements, and a way to say one came near the screen, as the browser's IntersectionObserver would. */
class ScreenWatch {
  static last: ScreenWatch | null = null;
  readonly observed = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    ScreenWatch.last = this;
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  comesNear(element: Element) {
    this.callback([{ target: element, isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

describe("islands", () => {
  let container: HTMLElement;
  let root: Root | null = null;
  let stop = () => {};
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    stop();
    container?.remove();
    running.clear();
    vi.unstubAllGlobals();
  });

  /** The server's HTML, then React hydrating it as main.tsx does. */
  async function hydrateServerPage() {
    vi.stubGlobal("IntersectionObserver", ScreenWatch);
    container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(<Page />);
    const buttons = Object.fromEntries(["eager", "text", "later"].map((name) => [name, screen.getByRole("button", { name: `${name} 0` })]));
    stop = watchIslands(container);
    await act(async () => {
      startTransition(() => {
        root = hydrateRoot(container, <StrictMode><Page /></StrictMode>);
      });
    });
    return buttons;
  }

  it("renders every part on the server, each marked so the browser can find it", () => {
    const html = renderToString(<Page />);
    expect(html).toContain('data-island="controls"');
    expect(html).toMatch(/data-island="text" data-deferred=""/);
    expect(html).toContain("between");
  });

  it("takes over the controls at once and leaves the deferred parts as the server wrote them", async () => {
    const buttons = await hydrateServerPage();
    expect([...running]).toEqual(["eager"]);
    act(() => {
      buttons.eager!.click();
    });
    expect(buttons.eager!.textContent).toBe("eager 1");
    // The deferred parts are the server's elements, still there, not yet React's.
    expect(screen.getByRole("button", { name: "text 0" })).toBe(buttons.text);
    expect(screen.getAllByText("between")).toHaveLength(1);
  });

  it("takes a deferred part over when it is first pressed, and acts on that press", async () => {
    const buttons = await hydrateServerPage();
    fireEvent.pointerDown(buttons.text!);
    await act(async () => {
      fireEvent.click(buttons.text!);
    });
    expect(running.has("text")).toBe(true);
    // The same element, hydrated, not rendered again; the press counted.
    expect(screen.getByRole("button", { name: "text 1" })).toBe(buttons.text);
    expect(running.has("later")).toBe(false);
  });

  it("takes a deferred part over when the early-input replay is about to act on it, wherever the screen is", async () => {
    const buttons = await hydrateServerPage();
    await act(async () => {
      buttons.text!.dispatchEvent(new Event(TAKE_OVER_EVENT, { bubbles: true }));
    });
    expect(running.has("text")).toBe(true);
    expect(running.has("later")).toBe(false);
  });

  it("takes a deferred part over when it comes near the screen", async () => {
    const buttons = await hydrateServerPage();
    const watch = ScreenWatch.last!;
    // The wrapper has no box of its own: what is watched is what it holds.
    expect(watch.observed.has(buttons.later!)).toBe(true);
    expect(watch.observed.has(buttons.eager!)).toBe(false);
    await act(async () => watch.comesNear(buttons.later!));
    expect(running.has("later")).toBe(true);
    expect(running.has("text")).toBe(false);
    expect(screen.getByRole("button", { name: "text 0" })).toBe(buttons.text);
    expect(watch.observed.has(buttons.later!)).toBe(false);
  });

  it("lets a part released before the first commit hydrate with the rest", async () => {
    vi.stubGlobal("IntersectionObserver", ScreenWatch);
    container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(<Page />);
    stop = watchIslands(container);
    releaseIsland("later");
    await act(async () => {
      root = hydrateRoot(container, <Page />);
    });
    expect([...running].sort()).toEqual(["eager", "later"]);
  });

  it("takes the waiting parts over before their parent renders them again, keeping their DOM", async () => {
    const buttons = await hydrateServerPage();
    await act(async () => root!.render(<StrictMode><Page note="changed" /></StrictMode>));
    expect(screen.getByText("changed")).toBeTruthy();
    expect([...running].sort()).toEqual(["eager", "later", "text"]);
    expect(screen.getByRole("button", { name: "text 0" })).toBe(buttons.text);
    expect(screen.getByRole("button", { name: "later 0" })).toBe(buttons.later);
  });

  it("takes every waiting part over on a navigation", async () => {
    const buttons = await hydrateServerPage();
    await act(async () => releaseAllIslands());
    expect([...running].sort()).toEqual(["eager", "later", "text"]);
    expect(screen.getByRole("button", { name: "later 0" })).toBe(buttons.later);
  });

  it("shows the server's HTML, not nothing, if React renders a waiting part itself, then the part once released", async () => {
    vi.stubGlobal("IntersectionObserver", ScreenWatch);
    const Shown = createContext("first");
    function Reader() {
      return <Counter name={useContext(Shown)} />;
    }
    // The island's parent does not render again: the change reaches the waiting part through context alone.
    const Part = memo(function Part() {
      return (
        <Island name="reader" deferred>
          <Reader />
          <a href="/en/faq">Questions</a>
        </Island>
      );
    });
    const Tree = ({ value }: { value: string }) => (
      <Shown.Provider value={value}>
        <Part />
      </Shown.Provider>
    );
    container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(<Tree value="first" />);
    stop = watchIslands(container);
    await act(async () => {
      root = hydrateRoot(container, <Tree value="first" />);
    });
    await act(async () => root!.render(<Tree value="second" />));
    // Still what the server wrote, its link still a link, and not yet React's.
    expect(screen.getByRole("button", { name: "first 0" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Questions" }).getAttribute("href")).toBe("/en/faq");
    expect(running.size).toBe(0);
    fireEvent.pointerDown(screen.getByRole("button", { name: "first 0" }));
    await act(async () => {});
    expect(running.has("second")).toBe(true);
    expect(screen.getByRole("button", { name: "second 0" })).toBeTruthy();
    expect(container.querySelectorAll("button")).toHaveLength(1);
  });

  it("renders at once a deferred part that the server did not write, mounted after the page was taken over", async () => {
    await hydrateServerPage();
    const Later = () => (
      <Island name="appears-later" deferred>
        <Counter name="appeared" />
      </Island>
    );
    const extra = document.body.appendChild(document.createElement("div"));
    const { createRoot } = await import("react-dom/client");
    const second = createRoot(extra);
    await act(async () => second.render(<Later />));
    expect(screen.getByRole("button", { name: "appeared 0" })).toBeTruthy();
    expect(running.has("appeared")).toBe(true);
    act(() => second.unmount());
    extra.remove();
  });

  it("never waits in a page the browser renders itself", async () => {
    container = document.body.appendChild(document.createElement("div"));
    const { createRoot } = await import("react-dom/client");
    await act(async () => {
      root = createRoot(container);
      root.render(<Page />);
    });
    expect([...running].sort()).toEqual(["eager", "later", "text"]);
  });
});
