import { describe, expect, it } from "vitest";
import { loadNumberReader, withNumberReader, type NumberReader } from "./load-number-reader";

describe("the number reader's loader", () => {
  it("fetches the phone library once and then hands it over at once", async () => {
    const first = await loadNumberReader();
    expect(first?.readNumber("+18762101234")).toEqual({ region: "JM", valid: true });
    expect(await loadNumberReader()).toBe(first);
    let given: NumberReader | null | undefined;
    withNumberReader((reader) => (given = reader));
    // Synchronously: an input that takes a pasted number must not show the old value for a frame.
    expect(given).toBe(first);
  });
});
