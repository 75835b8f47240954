import { Suspense, useState, type ReactNode } from "react";
import { nextTask } from "./next-task";

/**
 * Taking over a server-rendered page in slices (decision 021). Preact hydrates a page in
 * one synchronous pass; on a long page that pass is one long task on a slow phone, which
 * is what Lighthouse's blocking time counts. A part of the page inside a HydrationSlice
 * is taken over in a task of its own: while the page is being hydrated the slice suspends
 * until the next task, and Preact keeps its server-rendered DOM on screen meanwhile.
 * Anywhere else (the server's render, a page the browser renders itself) it is just its
 * children.
 */

let hydrating = false;
let pending: Promise<void>[] = [];

/**
 * Runs `hydrate` (which must take the page over synchronously, as Preact's hydrate does)
 * with slices deferred; resolves once every slice has been taken over, so that the page
 * is marked running only when all of it answers.
 */
export function hydrateInSlices(hydrate: () => void): Promise<void> {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
  const waits = pending;
  pending = [];
  // The slices' own renders run as their promises settle; the task after the last one has them all.
  return Promise.all(waits).then(() => nextTask());
}

/** A part of the page taken over in a task of its own. Renders one element (display: contents) so Preact keeps exactly its DOM while it waits. */
export function HydrationSlice({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Slice>{children}</Slice>
    </Suspense>
  );
}

interface Wait {
  settled: boolean;
  promise: Promise<void>;
}

function Slice({ children }: { children: ReactNode }) {
  const [wait] = useState<Wait | null>(() => (hydrating ? waitForNextTask() : null));
  if (wait && !wait.settled) throw wait.promise;
  return <div className="contents">{children}</div>;
}

function waitForNextTask(): Wait {
  const wait: Wait = { settled: false, promise: Promise.resolve() };
  wait.promise = nextTask().then(() => {
    wait.settled = true;
  });
  pending.push(wait.promise);
  return wait;
}
