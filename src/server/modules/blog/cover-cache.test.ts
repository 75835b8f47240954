import { describe, expect, it } from "vitest";
import { createCoverCache } from "./cover-cache";
import type { Cover } from "./covers";

const cover = (name: string, size: number): Cover => ({ name, type: "image/png", bytes: Buffer.alloc(size, name.charCodeAt(0)) });

/** A loader that answers the covers it was given and counts what it was asked. */
function library(...covers: Cover[]) {
  const asked: string[] = [];
  return {
    asked,
    load: async (name: string) => {
      asked.push(name);
      return covers.find((entry) => entry.name === name) ?? null;
    },
  };
}

describe("the covers an instance keeps", () => {
  it("answers a cover it served before without loading it again", async () => {
    const cache = createCoverCache(100);
    const source = library(cover("a", 10));
    expect((await cache.read("a", source.load))?.bytes).toEqual(Buffer.alloc(10, 97));
    expect((await cache.read("a", source.load))?.bytes).toEqual(Buffer.alloc(10, 97));
    expect(source.asked).toEqual(["a"]);
  });

  it("does not remember a name no cover has: another instance may store it next", async () => {
    const cache = createCoverCache(100);
    const source = library();
    expect(await cache.read("b", source.load)).toBeNull();
    expect(await cache.read("b", source.load)).toBeNull();
    expect(source.asked).toEqual(["b", "b"]);
  });

  it("lets go of the least recently served covers beyond its size, and keeps none larger than it", async () => {
    const cache = createCoverCache(100);
    const source = library(cover("a", 40), cover("b", 40), cover("c", 40), cover("d", 101));
    await cache.read("a", source.load);
    await cache.read("b", source.load);
    await cache.read("a", source.load);
    // 120 bytes: "b" was served least recently, so it goes.
    await cache.read("c", source.load);
    await cache.read("a", source.load);
    await cache.read("c", source.load);
    await cache.read("b", source.load);
    expect(source.asked).toEqual(["a", "b", "c", "b"]);
    await cache.read("d", source.load);
    await cache.read("d", source.load);
    expect(source.asked.filter((name) => name === "d")).toHaveLength(2);
  });
});
