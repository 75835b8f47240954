import { describe, expect, it } from "vitest";
import { FAQ_ENTRIES, FAQ_GROUPS, faqAnswerValues } from "./faq-entries";

describe("FAQ entries", () => {
  it("have unique ids, keys named after them and at least three questions per group", () => {
    expect(new Set(FAQ_ENTRIES.map((faq) => faq.id)).size).toBe(FAQ_ENTRIES.length);
    for (const faq of FAQ_ENTRIES) {
      expect(faq.questionKey).toBe(`faq.q.${faq.id}`);
      expect(faq.answerKey).toBe(`faq.a.${faq.id}`);
    }
    for (const group of FAQ_GROUPS) expect(FAQ_ENTRIES.filter((faq) => faq.group === group).length).toBeGreaterThanOrEqual(3);
  });

  it("work the billing example per started minute: 61 s at $0.10 is 2 minutes, $0.20", () => {
    expect(faqAnswerValues("billing", "en")).toEqual({ seconds: "61", minutes: "2", rate: "$0.10", cost: "$0.20" });
    expect(faqAnswerValues("refunds", "en")).toEqual({});
  });
});
