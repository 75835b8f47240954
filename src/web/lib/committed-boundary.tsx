import { Suspense, useEffect, useRef, type HTMLAttributes, type ReactNode, type RefObject } from "react";
import { BOUNDARY_ATTRIBUTE, TAKEN_OVER_ATTRIBUTE } from "./boundary-markers";

type WrapperAttributes = HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, string | undefined>;

/**
 * A Suspense boundary that says in the DOM when React has committed its content
 * (`data-taken-over` on its wrapper). While a server-rendered page is taken over, React
 * hydrates each boundary on its own: one whose code or data is still coming stays as the
 * server wrote it after the page is ready, and its elements may already carry React's
 * fibers from a render React set aside. What acts on a part before the person's own
 * events reach it (the early-input replay, decision 035) waits for this. Every boundary
 * around server-rendered content is one of these. One element with `display: contents`
 * marks it, so the layout is unchanged.
 */
export function CommittedBoundary({ fallback, children, ...wrapper }: { fallback: ReactNode; children: ReactNode } & WrapperAttributes) {
  const element = useRef<HTMLDivElement>(null);
  return (
    <div ref={element} {...wrapper} {...{ [BOUNDARY_ATTRIBUTE]: "" }} className="contents">
      <Suspense fallback={fallback}>
        {children}
        <MarkTakenOver wrapper={element} />
      </Suspense>
    </div>
  );
}

/**
 * Marks the wrapper once the boundary's content is committed: its effects run only then (not
 * for the fallback), and after the wrapper's ref is set, which a layout effect of the same
 * commit could run before. Once taken over, a boundary stays so: React never gives it back to the server's HTML.
 */
function MarkTakenOver({ wrapper }: { wrapper: RefObject<HTMLDivElement | null> }) {
  useEffect(() => wrapper.current?.setAttribute(TAKEN_OVER_ATTRIBUTE, ""), [wrapper]);
  return null;
}
