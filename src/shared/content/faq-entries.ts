import { billedMinutes, callCost } from "../billing";
import { formatUsd, parseMoney } from "../money";

/**
 * The FAQ's questions, in the order the FAQ page shows them, with the keys of
 * their text in data/translations/<lang>/faq.json. The FAQ page renders these;
 * a site search can match the same entries by the translated question and answer.
 */
export const FAQ_GROUPS = ["calling", "billing", "credit", "account"] as const;
export type FaqGroup = (typeof FAQ_GROUPS)[number];

export interface FaqEntry {
  id: string;
  questionKey: string;
  answerKey: string;
  group: FaqGroup;
}

const entry = (group: FaqGroup, id: string): FaqEntry => ({ id, questionKey: `faq.q.${id}`, answerKey: `faq.a.${id}`, group });

export const FAQ_ENTRIES: readonly FaqEntry[] = [
  entry("calling", "how_to_call"),
  entry("calling", "no_app"),
  entry("calling", "emergency"),
  entry("calling", "destinations"),
  entry("billing", "billing"),
  entry("billing", "unanswered"),
  entry("billing", "rate_fixed"),
  entry("billing", "balance_runs_out"),
  entry("credit", "buy_credit"),
  entry("credit", "discount_codes"),
  entry("credit", "refunds"),
  entry("credit", "currency"),
  entry("account", "data_kept"),
  entry("account", "stay_signed_in"),
  entry("account", "languages"),
];

/**
 * The id of an entry's element on the FAQ page, the #fragment that opens it there (/{lang}/faq#faq-refunds):
 * prefixed so an entry's id never clashes with another id on the page.
 */
export const faqAnchor = (id: string): string => `faq-${id}`;

/** The translation key of a group's heading. */
export const faqGroupKey = (group: FaqGroup): string => `faq.group.${group}`;

/**
 * The billing answer works an example through the real billing rule (an
 * illustrative rate, not a price of ours): 61 seconds is two started minutes.
 */
const EXAMPLE_SECONDS = 61;
const EXAMPLE_RATE = parseMoney("0.10");

/**
 * The values an answer's {{placeholders}} take in a language (empty for answers
 * without any). Amounts come formatted; in a right-to-left page wrap them as
 * isolated text before putting them in the sentence.
 */
export function faqAnswerValues(id: string, locale: string): Record<string, string> {
  if (id !== "billing") return {};
  const number = new Intl.NumberFormat(locale);
  return {
    seconds: number.format(EXAMPLE_SECONDS),
    minutes: number.format(billedMinutes(EXAMPLE_SECONDS)),
    rate: formatUsd(EXAMPLE_RATE, locale),
    cost: formatUsd(callCost(EXAMPLE_SECONDS, EXAMPLE_RATE), locale),
  };
}
