import { describe, expect, it } from "vitest";
import { compareMarkup, markupTokens } from "./translation-markup";

describe("a translation's markup against its English source", () => {
  it("finds placeholders, tags and Markdown links in order", () => {
    expect(markupTokens("Hi <strong>{{name}}</strong>, see [rates](/en/countries) or {{count}}<br/>")).toEqual([
      "<strong>",
      "{{name}}",
      "</strong>",
      "[…](…)",
      "{{count}}",
      "<br/>",
    ]);
    expect(markupTokens("No markup, 3 < 4 and 5 > 2, {single} braces")).toEqual([]);
  });

  it("accepts the same markup in another order, with the link's text and address translated", () => {
    expect(compareMarkup("{{amount}} for {{minutes}} minutes", "{{minutes}} minutes pour {{amount}}")).toEqual({ missing: [], extra: [] });
    expect(compareMarkup("[text](/en/countries) for a link", "[texte](/fr/countries) pour un lien")).toEqual({ missing: [], extra: [] });
  });

  it("names what is missing and what is extra, counting repeats", () => {
    expect(compareMarkup("Sent to {{email}}", "Envoyé à {{mail}}")).toEqual({ missing: ["{{email}}"], extra: ["{{mail}}"] });
    expect(compareMarkup("<strong>{{a}}</strong> and {{a}}", "<b>{{a}}</b>")).toEqual({ missing: ["<strong>", "{{a}}", "</strong>"], extra: ["<b>", "</b>"] });
    expect(compareMarkup("Plain", "Plain {{extra}} [x](/y)")).toEqual({ missing: [], extra: ["{{extra}}", "[…](…)"] });
  });
});
