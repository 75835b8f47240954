import { z } from "zod";

/**
 * The one form an email address takes before any rule, limit or lookup sees it:
 * Unicode NFKC (compatibility characters such as fullwidth letters typed through
 * an input method, or the Kelvin sign, become the plain letters they stand for),
 * surrounding white space removed, then lower-cased. Accounts are stored in this
 * form, so "Anna@Example.com ", "anna@example.com" and "ａｎｎａ@example.com"
 * are one account and one count. Decision 004.
 */
export function canonicalEmail(email: string): string {
  return email.normalize("NFKC").trim().toLowerCase();
}

/** An email field of our own endpoints: made canonical, then checked (so a rule sees only the canonical form). */
export const emailField = z.string().transform(canonicalEmail).pipe(z.email().max(254));
