import { cutText, plainText } from "../text/plain-text";

/** The longest display name, everywhere an account gets one (sign-up, profile update, admin sign-up, the forms). */
export const DISPLAY_NAME_MAX_LENGTH = 100;

/** What a name over the limit is answered with (better-auth's endpoints with this code, ours as validation_failed). */
export const NAME_TOO_LONG = { code: "NAME_TOO_LONG", message: `A name can be at most ${DISPLAY_NAME_MAX_LENGTH} characters.` } as const;

/**
 * A display name as it is kept: plain text (no controls, no bidirectional overrides or
 * isolates, single spaces, trimmed; src/shared/text/plain-text.ts). The limit counts this form.
 */
export const plainDisplayName = plainText;

/**
 * A name nobody typed as one (an email's local part, a Google profile's name): made plain
 * and cut to the limit, since there is no one to ask for a shorter one.
 */
export function fitDisplayName(text: string): string {
  return cutText(plainDisplayName(text), DISPLAY_NAME_MAX_LENGTH);
}

/** The name an account starts with when none is given: its email address before the @. */
export function displayNameFromEmail(email: string): string {
  return fitDisplayName(email.split("@")[0] || email);
}
