import type { Locator } from "@playwright/test";

// The tests compile without the DOM's types; these are the few parts the page-side code uses.
interface TextLike {
  textContent: string | null;
}
interface PageDocument {
  createTreeWalker(root: unknown, whatToShow: number): { nextNode(): TextLike | null };
  createRange(): { setStart(node: unknown, offset: number): void; setEnd(node: unknown, offset: number): void; getBoundingClientRect(): { left: number } };
}
const SHOW_TEXT = 4;

/**
 * For every occurrence of `code` ("+44") in the element's text, whether its first
 * character (the plus) is drawn left of its second (the first digit): what a reader
 * sees, so "44+" in right-to-left text fails.
 */
export async function plusDrawnFirst(locator: Locator, code: string): Promise<boolean[]> {
  return locator.evaluate(
    (root, [wanted, showText]) => {
      const doc = (globalThis as unknown as { document: PageDocument }).document;
      const results: boolean[] = [];
      const walker = doc.createTreeWalker(root, showText);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (let at = text.indexOf(wanted); at >= 0; at = text.indexOf(wanted, at + 1)) {
          const left = (offset: number) => {
            const range = doc.createRange();
            range.setStart(node, offset);
            range.setEnd(node, offset + 1);
            return range.getBoundingClientRect().left;
          };
          results.push(left(at) < left(at + 1));
        }
      }
      return results;
    },
    [code, SHOW_TEXT] as const,
  );
}
