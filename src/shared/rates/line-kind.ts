/**
 * What a line type means for pricing and for the fraud rules. Premium and personal
 * lines are refused; special and toll-free lines are callable but are not "ordinary"
 * numbers, so they stay out of a country's advertised price range.
 */
export type LineKind =
  | "landline"
  | "mobile"
  | "premium"
  | "personal"
  | "special"
  | "toll_free"
  | "satellite"
  | "other";

// Order matters: the first rule that matches wins. The real deck's 87 distinct
// line types are pinned in deck.test.ts, so a new carrier name shows up there.
const KIND_RULES: ReadonlyArray<readonly [RegExp, LineKind]> = [
  [/satellite/i, "satellite"],
  [/premium/i, "premium"],
  // "Service & Personal" (BE 070/078) is a mix of shared-cost and personal numbers;
  // refusing it is the conservative reading of the fraud rule.
  [/personal/i, "personal"],
  [/toll[\s-]*free|freephone/i, "toll_free"],
  [/special|shared[\s-]*cost/i, "special"],
  [/mobile/i, "mobile"],
  // Checked before "other": "Local Other Operators" (RO 03…) are geographic numbers,
  // "Kosovo - IPKO FixNet" is a fixed network.
  [/^standard$|fixed|fixnet|major cities|local other operators|rural/i, "landline"],
  // Operators' names and non-geographic ranges whose type the carrier does not say.
  [/\bother\b|voip|wimax|non[\s-]*geographic|^ipko$|^amc$|globacom|orion/i, "other"],
];

/**
 * Classifies a carrier line type. Anything not matched above is a place name
 * ("Alaska", "Tokyo", "Curacao", "Palestine Region"), i.e. a regional fixed-line
 * row, so the default is landline. Rows of the pseudo-country ZZ are satellite
 * whatever their line type says.
 */
export function lineKind(lineType: string, iso?: string): LineKind {
  if (iso !== undefined && iso.toUpperCase() === "ZZ") return "satellite";
  const text = lineType.trim();
  for (const [pattern, kind] of KIND_RULES) {
    if (pattern.test(text)) return kind;
  }
  return "landline";
}
