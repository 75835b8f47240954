import { lineKind, type DeckRow } from "./deck";

export interface PrefixMatch {
  row: DeckRow;
  /** The matching prefix, i.e. the first `prefix.length` digits of the number. */
  prefix: string;
}

export interface PrefixIndex {
  /**
   * The row whose prefix is the longest one that starts `digits` (E.164 digits,
   * no "+"), over the whole deck. null when nothing matches or `digits` is not
   * 1-15 ASCII digits.
   */
  lookup(digits: string): PrefixMatch | null;
  /**
   * The row a number of `region` is priced on when its longest prefix belongs to
   * another region: the region's dearest ordinary (landline or mobile) row, when the
   * deck prices the region itself (it has a "Standard" row); null otherwise.
   */
  coverageGapRow(region: string): DeckRow | null;
  /** How many distinct prefixes are indexed. */
  readonly size: number;
}

const MAX_DIGITS = 15;
const ZERO = 48;
const DIGITS = /^\d{1,15}$/;

/**
 * A digit trie stored in flat typed arrays: node k's child for digit d is
 * `children[k * 10 + d]` (0 = none; the root is node 0 and is never a child), and
 * `rowAt[k]` is 1 + the index of the row owning the prefix that ends at node k
 * (0 = no prefix ends here). A lookup walks at most 15 nodes, remembers the last
 * node that ends a prefix and allocates nothing but the result, so "longest
 * prefix wins" is structural: 1876… reaches JM's 1876 after passing US's 1, and
 * 447106… reaches GB Mobile's 447106 after passing 44 and 447.
 *
 * Prefixes repeated across rows keep the first row, as parseDeck does.
 */
export function buildPrefixIndex(rows: readonly DeckRow[]): PrefixIndex {
  let capacity = 1024;
  let children = new Int32Array(capacity * 10);
  let rowAt = new Int32Array(capacity);
  let nodes = 1;
  let size = 0;

  const grow = () => {
    capacity *= 2;
    const nextChildren = new Int32Array(capacity * 10);
    nextChildren.set(children);
    children = nextChildren;
    const nextRowAt = new Int32Array(capacity);
    nextRowAt.set(rowAt);
    rowAt = nextRowAt;
  };

  rows.forEach((row, rowIndex) => {
    for (const prefix of row.prefixes) {
      // parseDeck only produces digit prefixes; rows built by hand are checked too.
      if (!DIGITS.test(prefix)) continue;
      let node = 0;
      for (let i = 0; i < prefix.length; i += 1) {
        const digit = prefix.charCodeAt(i) - ZERO;
        let child = children[node * 10 + digit] ?? 0;
        if (child === 0) {
          if (nodes === capacity) grow();
          child = nodes;
          nodes += 1;
          children[node * 10 + digit] = child;
        }
        node = child;
      }
      if (rowAt[node] === 0) {
        rowAt[node] = rowIndex + 1;
        size += 1;
      }
    }
  });

  const frozenRows = rows.slice();
  const gapRows = coverageGapRows(frozenRows);
  return {
    size,
    coverageGapRow: (region) => gapRows.get(region.toUpperCase()) ?? null,
    lookup(digits: string): PrefixMatch | null {
      const length = digits.length;
      if (length === 0 || length > MAX_DIGITS) return null;
      let node = 0;
      let bestRow = 0;
      let bestLength = 0;
      let walking = true;
      for (let i = 0; i < length; i += 1) {
        const digit = digits.charCodeAt(i) - ZERO;
        // Every character is checked, even past the end of the walk: "1876x" is not a number.
        if (digit < 0 || digit > 9) return null;
        if (!walking) continue;
        const child = children[node * 10 + digit] ?? 0;
        if (child === 0) {
          walking = false;
          continue;
        }
        node = child;
        const owner = rowAt[node] ?? 0;
        if (owner !== 0) {
          bestRow = owner;
          bestLength = i + 1;
        }
      }
      const row = bestRow === 0 ? undefined : frozenRows[bestRow - 1];
      return row === undefined ? null : { row, prefix: digits.slice(0, bestLength) };
    },
  };
}

/**
 * A deck lists each region's own prefixes, but not always all of them: Jamaica's
 * rows name 1876 and not its newer 1658 area code, so a 1658 number's longest
 * prefix is the United States' "1" at a fraction of Jamaica's price. A region whose
 * own "Standard" row says the deck prices it is therefore never charged another
 * region's cheaper row: such a number takes the region's dearest ordinary row.
 * Regions without a Standard row (Canada, priced on the US "1" row apart from its
 * Yukon row) keep the shared row.
 */
function coverageGapRows(rows: readonly DeckRow[]): Map<string, DeckRow> {
  const covered = new Set(rows.filter((row) => row.lineType.trim().toLowerCase() === "standard").map((row) => row.iso));
  const dearest = new Map<string, DeckRow>();
  for (const row of rows) {
    if (!covered.has(row.iso)) continue;
    const kind = lineKind(row.lineType, row.iso);
    if (kind !== "landline" && kind !== "mobile") continue;
    const known = dearest.get(row.iso);
    if (known === undefined || row.carrierRate > known.carrierRate) dearest.set(row.iso, row);
  }
  return dearest;
}
