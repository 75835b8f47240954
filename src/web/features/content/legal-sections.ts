/**
 * The structure of the terms and the privacy policy: their sections in order,
 * each a heading and paragraphs whose text lives in data/translations/<lang>/legal.json
 * (`legal.<document>.<section>.title`, `.p1`, `.p2` …). Keeping the text as plain
 * paragraphs, not Markdown, lets translators edit it in the admin's translations
 * without markup to break, and the page needs no parser.
 */
export type LegalDocument = "terms" | "privacy";

export interface LegalSection {
  id: string;
  titleKey: string;
  paragraphKeys: string[];
  /** Whether the support address follows the section as a link. */
  contact?: boolean;
}

/** When the wording last changed (UTC date); shown at the top of both documents. */
export const LEGAL_LAST_UPDATED = "2026-11-23";

function section(document: LegalDocument, id: string, paragraphs: number, contact = false): LegalSection {
  const base = `legal.${document}.${id}`;
  return {
    id: `${document}-${id}`,
    titleKey: `${base}.title`,
    paragraphKeys: Array.from({ length: paragraphs }, (_, index) => `${base}.p${index + 1}`),
    contact,
  };
}

export const LEGAL_SECTIONS: Record<LegalDocument, LegalSection[]> = {
  terms: [
    section("terms", "service", 2),
    section("terms", "emergency", 2),
    section("terms", "account", 2),
    section("terms", "prices", 3),
    section("terms", "credit", 3),
    section("terms", "refunds", 3),
    section("terms", "use", 2),
    section("terms", "availability", 1),
    section("terms", "liability", 2),
    section("terms", "changes", 1),
    section("terms", "contact", 1, true),
  ],
  privacy: [
    section("privacy", "controller", 1, true),
    section("privacy", "account", 2),
    section("privacy", "calls", 2),
    section("privacy", "payments", 1),
    section("privacy", "cookies", 1),
    section("privacy", "purposes", 1),
    section("privacy", "sharing", 2),
    section("privacy", "retention", 1),
    section("privacy", "security", 1),
    section("privacy", "rights", 1),
    section("privacy", "changes", 1),
  ],
};

export const legalTitleKey = (document: LegalDocument) => `legal.${document}.title`;
export const legalIntroKey = (document: LegalDocument) => `legal.${document}.intro`;
