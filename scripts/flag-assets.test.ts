import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { COUNTRIES } from "../src/shared/countries/countries";
import { flagFolder, readFlagSet } from "./flag-assets.js";

describe("flag assets", () => {
  const temporary: string[] = [];
  afterEach(() => {
    for (const folder of temporary.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it("has a flag for every country the picker lists", () => {
    const { files } = readFlagSet();
    expect(COUNTRIES.filter((country) => !files.has(country.code)).map((country) => country.code)).toEqual([]);
    expect([...files.keys()].every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
  });

  it("serves them from a folder named after their content, so a changed flag gets a new URL", () => {
    const copy = mkdtempSync(path.join(tmpdir(), "flags-"));
    temporary.push(copy);
    cpSync(flagFolder(), copy, { recursive: true });
    const before = readFlagSet(copy).base;
    expect(before).toBe(readFlagSet().base);
    writeFileSync(path.join(copy, "SE.svg"), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 3 2"/>');
    expect(readFlagSet(copy).base).not.toBe(before);
  });
});
