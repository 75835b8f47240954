import phoneMetadata from "libphonenumber-js/metadata.max.json";

/**
 * Builds real phone numbers from libphonenumber's own number patterns, so prices can
 * be worked out from numbers people can actually dial rather than from guesses about
 * which deck rows a country "has".
 *
 * The metadata's national-number patterns use a small regular-expression dialect:
 * digits, `\d`, character classes (`[2-9]`), non-capturing groups, `|`, `?` and
 * counted repeats (`{7}`, `{4,5}`). This module parses that dialect and walks it
 * depth first, writing one digit at a time, so a caller can steer the walk (a fixed
 * start, digits to avoid) and reject a finished number to ask for the next one.
 */

type PatternNode =
  | { kind: "digits"; digits: string }
  | { kind: "seq"; items: PatternNode[] }
  | { kind: "alt"; options: PatternNode[] }
  | { kind: "repeat"; node: PatternNode; min: number; max: number };

const ALL_DIGITS = "0123456789";

/** Parses one national-number pattern of the metadata; throws on syntax outside the dialect. */
export function parseNumberPattern(pattern: string): PatternNode {
  let at = 0;
  const fail = (): never => {
    throw new SyntaxError(`unsupported number pattern at ${at}: ${pattern}`);
  };

  const parseAlt = (): PatternNode => {
    const options = [parseSeq()];
    while (pattern[at] === "|") {
      at += 1;
      options.push(parseSeq());
    }
    return options.length === 1 ? (options[0] as PatternNode) : { kind: "alt", options };
  };

  const parseSeq = (): PatternNode => {
    const items: PatternNode[] = [];
    while (at < pattern.length && pattern[at] !== "|" && pattern[at] !== ")") items.push(parseQuantified(parseAtom()));
    return items.length === 1 ? (items[0] as PatternNode) : { kind: "seq", items };
  };

  const parseAtom = (): PatternNode => {
    const ch = pattern[at];
    if (ch === undefined) return fail();
    if (ch >= "0" && ch <= "9") {
      at += 1;
      return { kind: "digits", digits: ch };
    }
    if (ch === "\\" && pattern[at + 1] === "d") {
      at += 2;
      return { kind: "digits", digits: ALL_DIGITS };
    }
    if (ch === "[") {
      const end = pattern.indexOf("]", at);
      if (end < 0) return fail();
      let digits = "";
      const body = pattern.slice(at + 1, end).replace(/\\d/g, "0-9");
      for (let i = 0; i < body.length; i += 1) {
        const from = body[i] ?? "";
        if (body[i + 1] === "-" && body[i + 2] !== undefined) {
          for (let code = from.charCodeAt(0); code <= body.charCodeAt(i + 2); code += 1) digits += String.fromCharCode(code);
          i += 2;
        } else digits += from;
      }
      if (!/^\d+$/.test(digits)) return fail();
      at = end + 1;
      return { kind: "digits", digits: [...new Set(digits)].sort().join("") };
    }
    if (ch === "(") {
      at += pattern.startsWith("(?:", at) ? 3 : 1;
      const inner = parseAlt();
      if (pattern[at] !== ")") return fail();
      at += 1;
      return inner;
    }
    return fail();
  };

  const parseQuantified = (node: PatternNode): PatternNode => {
    if (pattern[at] === "?") {
      at += 1;
      return { kind: "repeat", node, min: 0, max: 1 };
    }
    if (pattern[at] !== "{") return node;
    const match = /^\{(\d+)(?:,(\d+))?\}/.exec(pattern.slice(at));
    if (match === null) return fail();
    at += match[0].length;
    const min = Number(match[1]);
    return { kind: "repeat", node, min, max: match[2] === undefined ? min : Number(match[2]) };
  };

  const tree = parseAlt();
  if (at !== pattern.length) fail();
  return tree;
}

/** What offering one finished number costs against a walk's budget: checking it is far dearer than writing a digit. */
export const ACCEPT_COST = 40;

export interface PatternWalk {
  /** Whether `digit` may be written after the digits so far (`written`; its length is the position). */
  allow(digit: string, written: string): boolean;
  /** Called with each complete match; return true to stop the walk. */
  accept(digits: string): boolean;
  /** Upper bound on the work of the walk (a digit written costs 1, a finished number ACCEPT_COST), so a hopeless search ends. */
  budget: number;
  /**
   * 0 walks digits in ascending order; another number tries the digits of each
   * position in a different fixed order, so a second walk explores other numbers
   * early instead of only varying the last digits.
   */
  variant?: number;
}

function digitOrder(digits: string, position: number, variant: number): string {
  if (variant === 0 || digits.length < 2) return digits;
  const shift = (variant * 7 + position * 3) % digits.length;
  const rotated = digits.slice(shift) + digits.slice(0, shift);
  return (variant + position) % 2 === 0 ? rotated : [...rotated].reverse().join("");
}

/**
 * Walks every string the pattern matches, in pattern order, offering each complete one
 * to `accept` until it says stop. Returns whether it stopped on an accepted string.
 */
export function walkNumberPattern(tree: PatternNode, walk: PatternWalk): boolean {
  let written = "";
  let budget = walk.budget;

  const visit = (node: PatternNode, next: () => boolean): boolean => {
    switch (node.kind) {
      case "digits":
        for (const digit of digitOrder(node.digits, written.length, walk.variant ?? 0)) {
          if (budget <= 0) return false;
          if (!walk.allow(digit, written)) continue;
          budget -= 1;
          const before = written;
          written += digit;
          if (next()) return true;
          written = before;
        }
        return false;
      case "seq": {
        const step = (i: number): boolean => (i === node.items.length ? next() : visit(node.items[i] as PatternNode, () => step(i + 1)));
        return step(0);
      }
      case "alt":
        return node.options.some((option) => budget > 0 && visit(option, next));
      case "repeat": {
        const again = (count: number): boolean => {
          if (count >= node.min && next()) return true;
          return count < node.max && budget > 0 && visit(node.node, () => again(count + 1));
        };
        return again(0);
      }
    }
  };

  return visit(tree, () => {
    if (budget <= 0) return false;
    budget -= ACCEPT_COST;
    return walk.accept(written);
  });
}

/**
 * Every string of `depth` digits a match of the pattern can start with (shorter whole
 * matches included as they are): a cheap test of whether a walk with a fixed start can
 * find anything at all.
 */
export function patternStarts(tree: PatternNode, depth: number): ReadonlySet<string> {
  const starts = new Set<string>();
  walkNumberPattern(tree, {
    budget: 1_000_000,
    allow: (_digit, written) => {
      if (written.length < depth) return true;
      starts.add(written);
      return false;
    },
    accept: (digits) => {
      if (digits.length < depth) starts.add(digits);
      return false;
    },
  });
  return starts;
}

type RegionMetadata = readonly unknown[];
const COUNTRY_METADATA = phoneMetadata.countries as unknown as Record<string, RegionMetadata>;
// Index of the per-type patterns (fixed line, mobile, toll free, premium, …) in a region's metadata.
const TYPES_INDEX = 11;

const parsedPatterns = new Map<string, readonly PatternNode[]>();

/** The parsed national-number patterns of every number type of a region (fixed line, mobile, …). */
export function regionNumberPatterns(region: string): readonly PatternNode[] {
  let patterns = parsedPatterns.get(region);
  if (patterns === undefined) {
    const types = COUNTRY_METADATA[region]?.[TYPES_INDEX];
    patterns = Array.isArray(types)
      ? types.flatMap((type: unknown) => (Array.isArray(type) && typeof type[0] === "string" ? [parseNumberPattern(type[0])] : []))
      : [];
    parsedPatterns.set(region, patterns);
  }
  return patterns;
}

/** The calling code of a region ("44" for GB), from the same metadata. */
export function regionCallingCode(region: string): string | null {
  const code = COUNTRY_METADATA[region]?.[0];
  return typeof code === "string" ? code : null;
}
