import { z } from "zod";
import { DISPLAY_NAME_MAX_LENGTH, NAME_TOO_LONG, plainDisplayName } from "./display-name";

/**
 * The one schema of a display name (admin sign-up's body, and better-auth's sign-up and
 * update-user through src/server/auth/display-name.ts): made plain first, then checked, so
 * the limit counts what is kept. A name over it is refused, never cut: the person sees why.
 * Apart from display-name.ts so the web's forms read the limit without loading zod.
 */
export const displayNameField = z.string().transform(plainDisplayName).pipe(z.string().max(DISPLAY_NAME_MAX_LENGTH, NAME_TOO_LONG.message));
