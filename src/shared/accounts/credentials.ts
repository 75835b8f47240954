/** The spec's sign-up rules, shared so the form and the server agree. */
export const PASSWORD_MIN_LENGTH = 6;

/** The spec's email check: it contains an @ and a dot after it. The server validates strictly too. */
export function isPlausibleEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
}

export type PasswordStrength = "weak" | "medium" | "strong";

/**
 * Five checks (length ≥ 8, lowercase, uppercase, digit, other character):
 * weak below 2, medium 2-3, strong 4-5; percent = score / 5.
 */
export function passwordStrength(password: string): { score: number; level: PasswordStrength; percent: number } {
  const checks = [password.length >= 8, /[a-z]/.test(password), /[A-Z]/.test(password), /\d/.test(password), /[^A-Za-z0-9]/.test(password)];
  const score = checks.filter(Boolean).length;
  const level: PasswordStrength = score < 2 ? "weak" : score < 4 ? "medium" : "strong";
  return { score, level, percent: (score / 5) * 100 };
}

/** Whether an email may ask for an administrator account (spec: ends with the company domain). */
export function isAdminDomainEmail(email: string, adminDomain: string): boolean {
  const domain = adminDomain.replace(/^@/, "").toLowerCase();
  return domain.length > 0 && email.trim().toLowerCase().endsWith(`@${domain}`);
}
