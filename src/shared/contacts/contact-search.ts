import { foldText, searchTerms } from "../search/search-terms";

/** A number search: digits with the separators people type between them ("+46 70", "(415) 555"). */
const NUMBER_QUERY = /^[\d\s()+\-.]+$/;

/**
 * Whether a contact answers a search: every word of the query in its name (case and
 * accents ignored: "asa" finds "Åsa"), or, for a query of digits, those digits in its
 * E.164 number ("4670", "+46 70"). An empty query matches everyone.
 */
export function contactSearch(query: string): (contact: { name: string; phone: string }) => boolean {
  const trimmed = query.trim();
  if (trimmed === "") return () => true;
  const digits = NUMBER_QUERY.test(trimmed) ? trimmed.replace(/\D/g, "") : "";
  const terms = searchTerms(trimmed);
  return (contact) => {
    if (digits !== "" && contact.phone.includes(digits)) return true;
    if (terms.length === 0) return false;
    const name = foldText(contact.name).folded;
    return terms.every((term) => name.includes(term));
  };
}
