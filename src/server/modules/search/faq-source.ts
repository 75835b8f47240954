import type { FaqSearchHit } from "../../../shared/api/search";
import { FAQ_ENTRIES, faqAnswerValues } from "../../../shared/content/faq-entries";
import { DEFAULT_LOCALE } from "../../../shared/i18n/locales";
import { findTerm, foldText } from "../../../shared/search/search-terms";
import type { StringsCache } from "../i18n/strings-cache";
import type { SearchSource } from "./search-source";
import { excerptAround, rankFields } from "./text-rank";

/** How long the part of an answer shown under its question is. */
const EXCERPT_LENGTH = 160;

/** An answer's {{placeholders}} filled as the FAQ page fills them (the billing example's amounts), so what is searched is what is read. */
function fillAnswer(answer: string, values: Record<string, string>): string {
  return answer.replace(/\{\{\s*-?\s*(\w+)\s*\}\}/gu, (whole, name: string) => values[name] ?? whole);
}

/**
 * The FAQ's entries (FAQ_ENTRIES) in the asked language, read from the same translation strings the
 * FAQ page shows (the strings cache; a key the language lacks falls back to English, as the page
 * does). Words are matched in the question, then the answer: a question match ranks first, then the
 * FAQ page's order. The excerpt is the part of the answer the search's words occur in.
 */
export function faqSearchSource(strings: StringsCache): SearchSource<"faq"> {
  return {
    group: "faq",
    async search(query, lang, limit) {
      const filter = { prefixes: ["faq.q.", "faq.a."], exclude: false };
      const [own, english] = await Promise.all([strings.strings(lang, filter), lang === DEFAULT_LOCALE ? null : strings.strings(DEFAULT_LOCALE, filter)]);
      const text = (key: string) => own[key] ?? english?.[key];
      const ranked: { hit: FaqSearchHit; score: number; order: number }[] = [];
      FAQ_ENTRIES.forEach((entry, order) => {
        const question = text(entry.questionKey);
        const rawAnswer = text(entry.answerKey);
        if (question === undefined || rawAnswer === undefined) return;
        const answer = fillAnswer(rawAnswer, faqAnswerValues(entry.id, lang));
        const foldedQuestion = foldText(question);
        const score = rankFields(
          [
            { text: foldedQuestion, weight: 10 },
            { text: foldText(answer), weight: 1 },
          ],
          query.terms,
        );
        if (score === null) return;
        // The answer's start, unless a word was found only further on in the answer: then the part that has it.
        const inAnswerOnly = query.terms.filter((term) => findTerm(foldedQuestion, term) === null);
        ranked.push({ hit: { id: entry.id, question, excerpt: excerptAround(answer, inAnswerOnly, EXCERPT_LENGTH) }, score, order });
      });
      ranked.sort((a, b) => b.score - a.score || a.order - b.order);
      return ranked.slice(0, limit).map(({ hit }) => hit);
    },
  };
}
