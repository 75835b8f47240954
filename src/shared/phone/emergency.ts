/**
 * The spec's emergency and short-service rule: a number is blocked when its digits
 * end with a listed code and there are at most (code length + 3) digits in all, so
 * "112", "+44 999" (44999) and "+880 999" (880999) are blocked while an ordinary
 * number that merely ends in 911 (+1 212 555 0911) is not. Real subscriber numbers
 * have at least 7 digits with the country code, so the rule does not catch them.
 *
 * The server refuses these (a web service cannot pass a caller's location to an
 * emergency centre), and the browser shows 'emergency_blocked' before dialling.
 */
export const EMERGENCY_MESSAGE_KEY = "emergency_blocked";

const LISTED_CODES: readonly string[] = [
  // Emergency numbers.
  "112", // GSM / EU and many others
  "911", // North America, Mexico, Argentina, Philippines, …
  "999", // UK, Ireland, Hong Kong, Malaysia, Bangladesh, Kenya, Gulf states, …
  "000", // Australia
  "111", // New Zealand
  "933", // US 9-3-3 E911 address test line
  "988", // US Suicide & Crisis Lifeline
  "990", "991", "994", "995", "997", "998", // Singapore, Malaysia, Saudi Arabia, UAE
  // Spain and Mexico dial emergency services with a leading 0.
  "060", "061", "062", "065", "066", "068", "080", "085", "088", "091", "092",
  // North American N11 service codes (community, city, directory, traffic, repair, relay, dig-safe).
  "211", "311", "411", "511", "611", "711", "811",
  // Two-digit codes: France (15 SAMU, 17 police, 18 fire), Morocco (19), Algeria (14),
  // the old CIS numbers (01-04), and 08 as listed by the original service.
  "01", "02", "03", "04", "08", "14", "15", "17", "18", "19",
  // Longer national codes.
  "1122", // Pakistan Rescue 1122
  "1669", // Thailand ambulance
  "1990", // Sri Lanka Suwa Seriya ambulance
  "10111", // South Africa police
  "10177", // South Africa ambulance
  // EU harmonised numbers of social value (missing children, child helpline, on-call doctors, emotional support).
  "116000", "116006", "116111", "116117", "116123",
];

function buildCodeSet(): ReadonlySet<string> {
  const codes = new Set(LISTED_CODES);
  // Every three-digit 1xx code: 100-199 cover police, fire, ambulance, coastguard,
  // directory and operator services across Europe, Asia, Africa and Latin America
  // (110/119 JP, 100-102 IN, 101-104 CIS, 113/115/118 IT, 190-199 BR, …).
  for (let code = 100; code <= 199; code += 1) codes.add(String(code));
  return codes;
}

/** All blocked codes, for documentation and tests. */
export const EMERGENCY_CODES: ReadonlySet<string> = buildCodeSet();

const CODE_LENGTHS: readonly number[] = [...new Set([...EMERGENCY_CODES].map((code) => code.length))].sort(
  (a, b) => a - b,
);

const MAX_EXTRA_DIGITS = 3;

/**
 * Whether a dialled number falls under the emergency rule. Takes the digits as
 * dialled, with or without the country code; any non-digit characters ("+", spaces)
 * are ignored.
 */
export function isEmergencyNumber(digits: string): boolean {
  const clean = digits.replace(/\D+/g, "");
  if (clean.length === 0) return false;
  for (const length of CODE_LENGTHS) {
    if (clean.length < length) break;
    if (clean.length > length + MAX_EXTRA_DIGITS) continue;
    if (EMERGENCY_CODES.has(clean.slice(-length))) return true;
  }
  return false;
}
