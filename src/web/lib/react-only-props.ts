import { options, type VNode } from "preact";

/**
 * Props React reads and never writes to the DOM, which preact/compat would write as
 * attributes (sonner's notifications region asks for `suppressHydrationWarning`, and the
 * page would carry `suppresshydrationwarning="true"`). Dropped from elements before they render.
 */
const REACT_ONLY_PROPS = ["suppressHydrationWarning", "suppressContentEditableWarning"];

export function dropReactOnlyProps(): void {
  const previous = options.vnode;
  options.vnode = (vnode: VNode) => {
    if (typeof vnode.type === "string" && vnode.props) {
      const props = vnode.props as Record<string, unknown>;
      for (const name of REACT_ONLY_PROPS) if (name in props) delete props[name];
    }
    previous?.(vnode);
  };
}
