import type { Cover } from "./covers";

/** What one instance keeps of the covers it served last: a few pages' worth, never the whole library. */
export const COVER_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * The covers served most recently, by name. A name's bytes never change (the name is their hash),
 * so nothing here goes stale and no other instance need tell this one anything. A name no cover
 * has is not remembered: another instance may store it a moment later.
 */
export function createCoverCache(limitBytes = COVER_CACHE_BYTES) {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently served first.
  const covers = new Map<string, Cover>();
  let heldBytes = 0;
  return {
    async read(name: string, load: (name: string) => Promise<Cover | null>): Promise<Cover | null> {
      const held = covers.get(name);
      if (held) {
        covers.delete(name);
        covers.set(name, held);
        return held;
      }
      const cover = await load(name);
      if (!cover || cover.bytes.length > limitBytes || covers.has(name)) return cover;
      covers.set(name, cover);
      heldBytes += cover.bytes.length;
      for (const [oldest, { bytes }] of covers) {
        if (heldBytes <= limitBytes) break;
        covers.delete(oldest);
        heldBytes -= bytes.length;
      }
      return cover;
    },
  };
}
