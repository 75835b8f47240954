import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { mergeClasses } from "./class-merge";

// Every module of the web app as text: the classes it writes are what `cn` must merge as tailwind-merge would.
const sources = import.meta.glob<string>(["../**/*.{ts,tsx}", "!../**/*.test.{ts,tsx}", "!./class-merge.ts"], { query: "?raw", import: "default", eager: true });

/** Each Tailwind class in the app's source, grouped by its variants (only classes under the same variants can conflict). */
function appClassesByVariants(): Map<string, string[]> {
  const classes = new Set<string>();
  for (const text of Object.values(sources)) {
    for (const literal of text.matchAll(/["'`]([^"'`\n]+)["'`]/g)) {
      for (const token of (literal[1] ?? "").split(/\s+/)) {
        // tailwind-merge drops the first of two copies of a class it knows, and keeps both of any other word.
        if (/^[!\-a-z[]/.test(token) && twMerge(`${token} ${token}`) === token) classes.add(token);
      }
    }
  }
  const byVariants = new Map<string, string[]>();
  for (const token of classes) {
    const variants = token.slice(0, token.lastIndexOf(":") + 1);
    byVariants.set(variants, [...(byVariants.get(variants) ?? []), token]);
  }
  return byVariants;
}

describe("mergeClasses", () => {
  it("merges every pair of the app's classes, both ways round, as tailwind-merge does", () => {
    const byVariants = appClassesByVariants();
    expect([...byVariants.values()].flat().length).toBeGreaterThan(400);
    const differences: string[] = [];
    for (const group of byVariants.values()) {
      for (const first of group) {
        for (const second of group) {
          const list = `${first} ${second}`;
          if (mergeClasses(list) !== twMerge(list)) differences.push(`${list} → ${mergeClasses(list)}, tailwind-merge ${twMerge(list)}`);
        }
      }
    }
    expect(differences).toEqual([]);
    // Every pair of several hundred classes through both mergers: seconds of CPU, more while the other workers run.
  }, 30_000);

  it("keeps what variants, importance and a conflicting side set apart", () => {
    for (const list of [
      "px-4 py-2 p-3",
      "p-3 px-4",
      "hover:bg-red-500 bg-white hover:bg-slate-100",
      "md:hover:px-2 hover:md:px-4",
      "!px-2 px-4",
      "text-sm leading-6 text-lg",
      "leading-6 text-sm/6",
      "w-4 h-4 size-6",
      "rounded-t-lg rounded-md",
      "border-b-2 border",
      "border-slate-200 border-red-500 border-2",
      "my-widget px-2 my-widget",
      "[&_svg]:size-4 [&_svg]:size-5",
      "-top-1 top-2",
      "bg-white/95 bg-slate-900/40",
      "line-clamp-2 block overflow-hidden",
      "  flex   inline-flex  ",
    ]) {
      expect(mergeClasses(list), list).toBe(twMerge(list));
    }
  });
});
