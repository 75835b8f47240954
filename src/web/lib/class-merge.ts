/**
 * Which Tailwind classes override which, for `cn`: a later class drops an earlier one of the same group
 * under the same variants (`hover:`, `md:`…). tailwind-merge does this for every utility Tailwind has, in
 * 27 KiB the first screen must fetch (decision 017); this knows the utilities this app writes and the
 * conflicts between them, and `class-merge.test.ts` checks it against tailwind-merge on every pair of
 * classes the app's source holds. A class it does not know is kept, as tailwind-merge keeps one.
 */

const SIZES = /^(\d*xs|sm|base|md|lg|\d*xl|none)$/;
const NUMBER = /^\d+(\.\d+)?$/;
const isArbitrary = (value: string) => value.startsWith("[") && value.endsWith("]");
/** A spacing value (`4`, `1.5`, `px`, `auto`, `1/2`, `[3px]`, `(--gap)`): a word like `my-widget` is not margin. */
const isSpacing = (value: string) => NUMBER.test(value) || /^\d+\/\d+$/.test(value) || ["px", "auto", "full"].includes(value) || isArbitrary(value) || /^\(.*\)$/.test(value);
const isArbitraryLength = (value: string) => isArbitrary(value) && /^\[(length:|-?\d|calc|var|min|max|clamp)/.test(value);

/** Utilities written without a value: the group each belongs to. */
const KEYWORDS: Record<string, string> = {};
for (const [group, words] of Object.entries({
  display: "block inline-block inline flex inline-flex table inline-table table-caption table-cell table-column table-column-group table-footer-group table-header-group table-row-group table-row flow-root grid inline-grid contents list-item hidden",
  position: "static fixed absolute relative sticky",
  visibility: "visible invisible collapse",
  sr: "sr-only not-sr-only",
  "text-overflow": "truncate text-ellipsis text-clip",
  "text-decoration": "underline overline line-through no-underline",
  "text-transform": "uppercase lowercase capitalize normal-case",
  "font-style": "italic not-italic",
  "fvn-spacing": "tabular-nums proportional-nums",
  "fvn-figure": "lining-nums oldstyle-nums",
  "font-smoothing": "antialiased subpixel-antialiased",
  isolation: "isolate isolation-auto",
  filter: "filter filter-none",
  transition: "transition",
  grow: "grow",
  shrink: "shrink",
  "border-w": "border",
  "border-collapse": "border-collapse border-separate",
  shadow: "shadow",
  "ring-w": "ring",
  "ring-inset": "ring-inset",
  "outline-style": "outline",
  "divide-x": "divide-x",
  "divide-y": "divide-y",
  "backdrop-blur": "backdrop-blur",
  blur: "blur",
  "table-layout": "table-auto table-fixed",
  "bg-attachment": "bg-fixed bg-local bg-scroll",
  "bg-repeat": "bg-repeat bg-no-repeat bg-repeat-x bg-repeat-y bg-repeat-round bg-repeat-space",
  "bg-size": "bg-auto bg-cover bg-contain",
  "bg-position": "bg-bottom bg-center bg-left bg-left-bottom bg-left-top bg-right bg-right-bottom bg-right-top bg-top",
  "object-fit": "object-contain object-cover object-fill object-none object-scale-down",
  "list-style-position": "list-inside list-outside",
  "space-x-reverse": "space-x-reverse",
  "space-y-reverse": "space-y-reverse",
  "flex-direction": "flex-row flex-row-reverse flex-col flex-col-reverse",
  "flex-wrap": "flex-wrap flex-wrap-reverse flex-nowrap",
  "scroll-behavior": "scroll-auto scroll-smooth",
  "text-wrap": "text-wrap text-nowrap text-balance text-pretty",
  "text-alignment": "text-left text-center text-right text-justify text-start text-end",
  "break-inside": "break-inside-auto break-inside-avoid break-inside-avoid-page break-inside-avoid-column",
})) {
  for (const word of words.split(" ")) KEYWORDS[word] = group;
}

const SHADOW_SIZES = /^(2xs|xs|sm|md|lg|xl|2xl|none|inner)$/;
const FONT_WEIGHTS = /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/;
const BORDER_STYLES = /^(solid|dashed|dotted|double|hidden|none)$/;
const SIDES = ["x", "y", "s", "e", "t", "r", "b", "l"];

/** Utilities written with a value (`prefix-value`): the group, or a function of the value that tells it. */
const PREFIXES: Record<string, string | ((value: string) => string | null)> = {
  text: (value) => (SIZES.test(value) && value !== "none" ? "font-size" : isArbitraryLength(value) ? "font-size" : "text-color"),
  font: (value) => (FONT_WEIGHTS.test(value) || /^\[(number:|\d)/.test(value) ? "font-weight" : "font-family"),
  bg: (value) => (value === "none" || /^(linear|radial|conic)-/.test(value) || value.startsWith("[url") ? "bg-image" : "bg-color"),
  border: (value) => (NUMBER.test(value) || isArbitraryLength(value) ? "border-w" : BORDER_STYLES.test(value) ? "border-style" : value === "spacing" ? "border-spacing" : "border-color"),
  shadow: (value) => (SHADOW_SIZES.test(value) || (isArbitrary(value) && /^\[(shadow:|\d|inset)/.test(value)) ? "shadow" : "shadow-color"),
  ring: (value) => (NUMBER.test(value) || isArbitraryLength(value) ? "ring-w" : "ring-color"),
  "ring-offset": (value) => (NUMBER.test(value) || isArbitraryLength(value) ? "ring-offset-w" : "ring-offset-color"),
  outline: (value) => (NUMBER.test(value) || isArbitraryLength(value) ? "outline-w" : ["none", "hidden", "solid", "dashed", "dotted", "double"].includes(value) ? "outline-style" : "outline-color"),
  "outline-offset": "outline-offset",
  divide: (value) => (BORDER_STYLES.test(value) ? "divide-style" : "divide-color"),
  "divide-x": "divide-x",
  "divide-y": "divide-y",
  decoration: (value) => (/^(solid|double|dotted|dashed|wavy)$/.test(value) ? "text-decoration-style" : NUMBER.test(value) || value === "auto" || value === "from-font" || isArbitraryLength(value) ? "text-decoration-thickness" : "text-decoration-color"),
  "underline-offset": "underline-offset",
  stroke: (value) => (NUMBER.test(value) || isArbitraryLength(value) ? "stroke-w" : "stroke"),
  fill: "fill",
  from: (value) => (/%$/.test(value) ? "gradient-from-pos" : "gradient-from"),
  via: (value) => (/%$/.test(value) ? "gradient-via-pos" : "gradient-via"),
  to: (value) => (/%$/.test(value) ? "gradient-to-pos" : "gradient-to"),
  list: (value) => (value === "inside" || value === "outside" ? "list-style-position" : "list-style-type"),
  object: "object-position",
  flex: "flex",
  basis: "basis",
  grow: "grow",
  shrink: "shrink",
  order: "order",
  "grid-cols": "grid-cols",
  "grid-rows": "grid-rows",
  "grid-flow": "grid-flow",
  "auto-cols": "auto-cols",
  "auto-rows": "auto-rows",
  col: (value) => (value === "auto" || value.startsWith("span-") || isArbitrary(value) ? "col-start-end" : null),
  "col-start": "col-start",
  "col-end": "col-end",
  row: (value) => (value === "auto" || value.startsWith("span-") || isArbitrary(value) ? "row-start-end" : null),
  "row-start": "row-start",
  "row-end": "row-end",
  justify: (value) => (value.startsWith("items-") ? "justify-items" : value.startsWith("self-") ? "justify-self" : "justify-content"),
  content: (value) => (value === "none" || isArbitrary(value) ? "content" : "align-content"),
  items: "align-items",
  self: "align-self",
  "place-content": "place-content",
  "place-items": "place-items",
  "place-self": "place-self",
  w: "w",
  h: "h",
  size: "size",
  "min-w": "min-w",
  "min-h": "min-h",
  "max-w": "max-w",
  "max-h": "max-h",
  z: "z",
  opacity: "opacity",
  leading: "leading",
  tracking: "tracking",
  "line-clamp": "line-clamp",
  whitespace: "whitespace",
  break: (value) => (/^(normal|words|all|keep)$/.test(value) ? "break" : null),
  "break-after": "break-after",
  "break-before": "break-before",
  align: "vertical-align",
  cursor: "cursor",
  "pointer-events": "pointer-events",
  select: "select",
  resize: "resize",
  appearance: "appearance",
  overflow: "overflow",
  "overflow-x": "overflow-x",
  "overflow-y": "overflow-y",
  overscroll: "overscroll",
  "overscroll-x": "overscroll-x",
  "overscroll-y": "overscroll-y",
  transition: "transition",
  duration: "duration",
  ease: "ease",
  delay: "delay",
  animate: "animate",
  "translate-x": "translate-x",
  "translate-y": "translate-y",
  translate: "translate",
  scale: "scale",
  "scale-x": "scale-x",
  "scale-y": "scale-y",
  rotate: "rotate",
  origin: "transform-origin",
  columns: "columns",
  aspect: "aspect",
  "backdrop-blur": "backdrop-blur",
  blur: "blur",
  indent: "indent",
  "will-change": "will-change",
  touch: "touch",
};
const spacing = (group: string) => (value: string) => (isSpacing(value) ? group : null);
for (const kind of ["p", "m", "scroll-m", "scroll-p"]) {
  PREFIXES[kind] = spacing(kind);
  for (const side of SIDES) PREFIXES[`${kind}${side}`] = spacing(`${kind}${side}`);
}
for (const group of ["inset", "inset-x", "inset-y", "start", "end", "top", "right", "bottom", "left", "gap", "gap-x", "gap-y"]) PREFIXES[group] = spacing(group);
for (const side of SIDES) {
  PREFIXES[`border-${side}`] = (value: string) => (NUMBER.test(value) || isArbitraryLength(value) ? `border-w-${side}` : `border-color-${side}`);
  KEYWORDS[`border-${side}`] = `border-w-${side}`;
}
for (const corner of ["", "-s", "-e", "-t", "-r", "-b", "-l", "-ss", "-se", "-ee", "-es", "-tl", "-tr", "-br", "-bl"]) {
  PREFIXES[`rounded${corner}`] = `rounded${corner}`;
  KEYWORDS[`rounded${corner}`] = `rounded${corner}`;
}
PREFIXES["space-x"] = (value) => (value === "reverse" ? "space-x-reverse" : "space-x");
PREFIXES["space-y"] = (value) => (value === "reverse" ? "space-y-reverse" : "space-y");

/** A group that also sets what other groups set: a later class of it drops earlier classes of those. */
const OVERRIDES: Record<string, string[]> = {
  overflow: ["overflow-x", "overflow-y"],
  overscroll: ["overscroll-x", "overscroll-y"],
  inset: ["inset-x", "inset-y", "start", "end", "top", "right", "bottom", "left"],
  "inset-x": ["start", "end", "right", "left"],
  "inset-y": ["top", "bottom"],
  flex: ["basis", "grow", "shrink"],
  gap: ["gap-x", "gap-y"],
  size: ["w", "h"],
  "font-size": ["leading"],
  "line-clamp": ["display", "overflow"],
  rounded: ["rounded-s", "rounded-e", "rounded-t", "rounded-r", "rounded-b", "rounded-l", "rounded-ss", "rounded-se", "rounded-ee", "rounded-es", "rounded-tl", "rounded-tr", "rounded-br", "rounded-bl"],
  "rounded-s": ["rounded-ss", "rounded-es"],
  "rounded-e": ["rounded-se", "rounded-ee"],
  "rounded-t": ["rounded-tl", "rounded-tr"],
  "rounded-r": ["rounded-tr", "rounded-br"],
  "rounded-b": ["rounded-br", "rounded-bl"],
  "rounded-l": ["rounded-tl", "rounded-bl"],
  "border-spacing": ["border-spacing-x", "border-spacing-y"],
  scale: ["scale-x", "scale-y"],
};
for (const kind of ["p", "m", "scroll-m", "scroll-p", "border-w", "border-color"]) {
  const side = (letter: string) => (kind.startsWith("border") ? `${kind}-${letter}` : `${kind}${letter}`);
  OVERRIDES[kind] = SIDES.map(side);
  OVERRIDES[side("x")] = [side("r"), side("l"), side("s"), side("e")];
  OVERRIDES[side("y")] = [side("t"), side("b")];
}

/** The group of a utility without variants, `!` or a leading `-`; null for a class that is not one this knows. */
function groupOf(utility: string): string | null {
  const keyword = KEYWORDS[utility];
  if (keyword !== undefined) return keyword;
  // An arbitrary property, `[overflow-wrap:anywhere]`: the property is what it sets.
  if (isArbitrary(utility)) return utility.includes(":") ? utility.slice(0, utility.indexOf(":")) : null;
  // The value starts after the longest known prefix: `min-w-0` is min-w's, `border-t-2` is border-t's.
  const parts = utility.split("-");
  for (let cut = parts.length - 1; cut >= 1; cut--) {
    const rule = PREFIXES[parts.slice(0, cut).join("-")];
    if (rule === undefined) continue;
    const value = parts.slice(cut).join("-");
    return typeof rule === "string" ? rule : rule(value);
  }
  return null;
}

/** Splits `md:hover:!px-2` at the colons outside brackets and parentheses. */
function splitVariants(className: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < className.length; index++) {
    const char = className[index];
    if (char === "[" || char === "(") depth++;
    else if (char === "]" || char === ")") depth--;
    else if (char === ":" && depth === 0) {
      parts.push(className.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(className.slice(start));
  return parts;
}

/** Variants in a canonical order: the order of plain variants does not change what they select, an arbitrary one's place does. */
function variantKey(variants: string[]): string {
  const sorted: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (variant.startsWith("[")) {
      sorted.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  sorted.push(...run.sort());
  return sorted.join(":");
}

/** What a class sets: its variants, importance and group; null for a class this does not know. */
function slotOf(className: string): { scope: string; group: string } | null {
  const parts = splitVariants(className);
  let utility = parts.pop() ?? "";
  let important = "";
  if (utility.startsWith("!") || utility.endsWith("!")) {
    important = "!";
    utility = utility.startsWith("!") ? utility.slice(1) : utility.slice(0, -1);
  }
  if (utility.startsWith("-")) utility = utility.slice(1);
  // `bg-white/95`, `text-sm/6`: the part after the slash changes the value, not what is set.
  const slash = utility.lastIndexOf("/");
  const bare = slash > 0 && !utility.slice(slash).includes("]") ? utility.slice(0, slash) : utility;
  const group = groupOf(bare) ?? (bare === utility ? null : groupOf(utility));
  if (group === null) return null;
  return { scope: `${variantKey(parts)}${important}|`, group };
}

/** The classes, a later one dropping an earlier one that sets the same thing under the same variants. */
export function mergeClasses(classList: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  for (const className of classList.trim().split(/\s+/).reverse()) {
    if (className === "") continue;
    const slot = slotOf(className);
    if (slot === null) {
      kept.push(className);
      continue;
    }
    const key = slot.scope + slot.group;
    if (taken.has(key)) continue;
    taken.add(key);
    for (const overridden of OVERRIDES[slot.group] ?? []) taken.add(slot.scope + overridden);
    kept.push(className);
  }
  return kept.reverse().join(" ");
}
