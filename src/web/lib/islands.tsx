import { use, useState, type ReactNode } from "react";
import { TAKE_OVER_EVENT } from "./boundary-markers";
import { CommittedBoundary } from "./committed-boundary";

/**
 * Parts of a server-rendered page that React takes over only when someone is about to use
 * them (decision 034). Most of a public page is text nobody interacts with; hydrating it
 * all is most of a slow phone's blocking time. Every island is its own Suspense boundary,
 * so React hydrates it on its own and first where a person clicks or types (selective
 * hydration). A `deferred` island goes further: while the page is being hydrated it
 * suspends, React keeps the server's DOM on screen, and it is taken over once it comes
 * near the screen or is first touched (pointer, key, focus), whichever is first.
 *
 * React may give up waiting for a boundary and render it in the browser instead (when an
 * update reaches it, or work at its lane is pending beneath it). It would then show the
 * fallback, so a deferred island's fallback is a copy of the server's own HTML for it,
 * taken before React started: the page looks the same, and its links still work, until
 * the island is released and rendered by React. An island is also released whenever what
 * it shows may change: its parent renders it again (new props, a language switch, who is
 * signed in), or the app navigates (`releaseAllIslands`).
 */

/** How far below (or above) the screen an island starts being taken over, so it is ready by the time it is seen. */
const NEAR_SCREEN_MARGIN = "200px";
/**
 * The events that mean a person is about to use a part of the page, and the early-input replay's about to act on it
 * for them. Listened for before React's own, in the capture phase of the window.
 */
const TOUCH_EVENTS = ["pointerdown", "touchstart", "mousedown", "click", "keydown", "focusin", "input", TAKE_OVER_EVENT] as const;
/** The markers React's server renderer writes around a Suspense boundary's content. */
const BOUNDARY_MARKERS = /^<!--\$-->|<!--\/\$-->$/g;

interface Gate {
  released: boolean;
  promise: Promise<void>;
  release: () => void;
}

const gates = new Map<string, Gate>();
/** Each deferred island's HTML as the server wrote it, by name. */
const serverHtml = new Map<string, string>();
/** Set while a server-rendered page is being taken over: only then do deferred islands wait. */
let hydratingPage = false;
let nearScreen: IntersectionObserver | null = null;

function gateFor(name: string): Gate {
  const known = gates.get(name);
  if (known) return known;
  let resolve = () => {};
  const promise = new Promise<void>((settle) => (resolve = settle));
  const gate: Gate = { released: false, promise, release: () => {} };
  gate.release = () => {
    gate.released = true;
    // Marked as React's use() reads a settled promise, so a released island renders at once, without suspending once more.
    void Object.assign(promise, { status: "fulfilled", value: undefined });
    resolve();
  };
  gates.set(name, gate);
  return gate;
}

/** Takes the island over now (it is near the screen, or someone touched it). */
export function releaseIsland(name: string): void {
  gateFor(name).release();
}

/** Takes every island over: the app is about to render something new (a navigation) that they may show. */
export function releaseAllIslands(): void {
  hydratingPage = false;
  for (const gate of gates.values()) gate.release();
}

/** Only an island the server wrote into this page waits: one the browser renders later (a section that appears after sign-out, say) has no server DOM to keep. */
function isWaiting(name: string): boolean {
  return hydratingPage && serverHtml.has(name) && !gateFor(name).released;
}

/** Whether the island has a gate to pass: it waited, or still waits, while this page was taken over. */
function hasGate(name: string): boolean {
  return gates.has(name) || (hydratingPage && serverHtml.has(name));
}

const islandOf = (element: Element | null) => element?.closest<HTMLElement>("[data-island][data-deferred]")?.dataset.island;

/** Watches what `holder` shows on screen (its children: the islands' elements have no box of their own). */
function watchNearScreen(holder: Element) {
  for (const child of holder.children) nearScreen?.observe(child);
}

/**
 * Called just before React hydrates `root`: from here its deferred islands wait until
 * released. Keeps a copy of each one's server HTML, and releases an island when it nears
 * the screen or an event is about to reach it. Returns a function that stops watching
 * (and waiting).
 */
export function watchIslands(root: HTMLElement): () => void {
  gates.clear();
  serverHtml.clear();
  hydratingPage = true;
  const wrappers = [...root.querySelectorAll<HTMLElement>("[data-island][data-deferred]")];
  for (const wrapper of wrappers) serverHtml.set(wrapper.dataset.island ?? "", wrapper.innerHTML.replace(BOUNDARY_MARKERS, ""));

  const observer =
    typeof IntersectionObserver === "function"
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              const name = islandOf(entry.target);
              if (name) releaseIsland(name);
              observer?.unobserve(entry.target);
            }
          },
          { rootMargin: NEAR_SCREEN_MARGIN },
        )
      : null;
  nearScreen = observer;
  for (const wrapper of wrappers) watchNearScreen(wrapper);

  const onTouch = (event: Event) => {
    const name = islandOf(event.target instanceof Element ? event.target : null);
    if (name) releaseIsland(name);
  };
  for (const type of TOUCH_EVENTS) window.addEventListener(type, onTouch, { capture: true, passive: true });
  return () => {
    hydratingPage = false;
    gates.clear();
    serverHtml.clear();
    observer?.disconnect();
    nearScreen = null;
    for (const type of TOUCH_EVENTS) window.removeEventListener(type, onTouch, { capture: true });
  };
}

/**
 * A part of the page hydrated on its own. `name` is unique on the page; `deferred` parts
 * wait to be needed (see above). Its wrapper (committed-boundary.tsx) lets the browser side
 * find it before React runs, and says when React has committed the part's content, for what
 * waits to act on it.
 */
export function Island({ name, deferred = false, children }: { name: string; deferred?: boolean; children: ReactNode }) {
  // Rendered again by its parent (new children): what it shows may have changed, so it cannot stay the server's DOM.
  const [first] = useState(children);
  if (children !== first && deferred && isWaiting(name)) releaseIsland(name);
  // data-island: ISLAND_ATTRIBUTE (boundary-markers.ts), written out for the type checker.
  return deferred ? (
    <CommittedBoundary data-island={name} data-deferred="" fallback={<ServerCopy name={name} />}>
      <WaitUntilNeeded name={name}>{children}</WaitUntilNeeded>
    </CommittedBoundary>
  ) : (
    <CommittedBoundary data-island={name} fallback={null}>
      {children}
    </CommittedBoundary>
  );
}

function WaitUntilNeeded({ name, children }: { name: string; children: ReactNode }) {
  // On the server and in a page the browser renders itself nothing waits: only a page being taken over has islands to release.
  // A released gate's promise reads as settled, so use() returns at once; calling it every time keeps React's rules.
  if (hasGate(name)) use(gateFor(name).promise);
  return children;
}

/** The island as the server wrote it, shown if React renders the island in the browser before it is released. */
function ServerCopy({ name }: { name: string }) {
  return <div className="contents" ref={(element) => void (element && watchNearScreen(element))} dangerouslySetInnerHTML={{ __html: serverHtml.get(name) ?? "" }} />;
}
