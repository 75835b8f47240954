import { describe, expect, it } from "vitest";
import { contactSearch } from "./contact-search";

const people = [
  { name: "Åsa Lind", phone: "+46701234567" },
  { name: "Chen Wei", phone: "+8613912345678" },
  { name: "Zoë O'Brien", phone: "+447106123456" },
];
const find = (query: string) => people.filter(contactSearch(query)).map((person) => person.name);

describe("contactSearch", () => {
  it("matches every word of a name, case and accents ignored", () => {
    expect(find("asa")).toEqual(["Åsa Lind"]);
    expect(find("LIND åsa")).toEqual(["Åsa Lind"]);
    expect(find("zoe o brien")).toEqual(["Zoë O'Brien"]);
    expect(find("wei zoe")).toEqual([]);
  });

  it("matches the digits of a number query, separators ignored", () => {
    expect(find("+46 70")).toEqual(["Åsa Lind"]);
    expect(find("(139) 1234")).toEqual(["Chen Wei"]);
    expect(find("7106-123")).toEqual(["Zoë O'Brien"]);
  });

  it("matches everyone for an empty query and no one for punctuation alone", () => {
    expect(find("  ")).toHaveLength(3);
    expect(find(".*")).toEqual([]);
  });
});
