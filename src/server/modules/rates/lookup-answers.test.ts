import { describe, expect, it } from "vitest";
import { rateLookup } from "../../../shared/api/rates";
import type { DeckRow } from "../../../shared/rates/deck";
import { createLookupAnswers } from "./lookup-answers";
import { buildSnapshot } from "./snapshot";

const deck = (jamaicaRate: number): DeckRow[] => [
  { iso: "US", country: "United States", lineType: "Standard", carrierRate: 1400, prefixes: ["1"] },
  { iso: "JM", country: "Jamaica", lineType: "Standard", carrierRate: jamaicaRate, prefixes: ["1876"] },
];
const JAMAICA = "+1 876 210 1234";

describe("remembered lookup answers", () => {
  it("answer in the contract's shape, priced by the snapshot", () => {
    const answers = createLookupAnswers();
    const answer = answers.answer(buildSnapshot(deck(33550), [], 9000), JAMAICA);
    if (!answer.ok) throw new Error(`refused: ${answer.reason}`);
    const body = rateLookup.response.parse(JSON.parse(answer.json.text));
    expect(body).toMatchObject({ e164: "+18762101234", countryCode: "JM", twilioRate: "0.33550", rate: "0.6375" });
  });

  it("give the same answer again without working it out twice", () => {
    const answers = createLookupAnswers();
    const snapshot = buildSnapshot(deck(33550), [], 9000);
    expect(answers.answer(snapshot, JAMAICA)).toBe(answers.answer(snapshot, JAMAICA));
  });

  it("never outlive the rates they were priced by", () => {
    const answers = createLookupAnswers();
    const before = answers.answer(buildSnapshot(deck(33550), [], 9000), JAMAICA);
    const after = answers.answer(buildSnapshot(deck(20000), [], 9000), JAMAICA);
    expect(before.ok && JSON.parse(before.json.text).rate).toBe("0.6375");
    expect(after.ok && JSON.parse(after.json.text).rate).toBe("0.3800");
  });

  it("remember refusals as refusals", () => {
    const answers = createLookupAnswers();
    const snapshot = buildSnapshot(deck(33550), [], 9000);
    expect(answers.answer(snapshot, "911")).toEqual({ ok: false, reason: "emergency_blocked" });
    expect(answers.answer(snapshot, "+44 20 7946 0958")).toEqual({ ok: false, reason: "no_rate" });
  });

  it("keep at most the numbers they were sized for, dropping the least recently asked", () => {
    const answers = createLookupAnswers(2);
    const snapshot = buildSnapshot(deck(33550), [], 9000);
    const first = answers.answer(snapshot, "+18762101234");
    answers.answer(snapshot, "+18762101235");
    answers.answer(snapshot, "+18762101236");
    expect(answers.answer(snapshot, "+18762101234")).not.toBe(first);
    expect(answers.answer(snapshot, "+18762101234")).toEqual(first);
  });
});
