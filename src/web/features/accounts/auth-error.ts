import type { TFunction } from "../../lib/i18n/translator";
import { DISPLAY_NAME_MAX_LENGTH } from "../../../shared/accounts/display-name";
import { ApiError } from "../../lib/api-client";
import { errorCodeMessage } from "../../lib/api-error-message";
import type { AuthFailure } from "../../lib/auth-client";

/** The figures a refusal's message names, from the rule itself (the translations hold a placeholder). */
const MESSAGE_VALUES: Readonly<Record<string, Record<string, number>>> = {
  NAME_TOO_LONG: { max: DISPLAY_NAME_MAX_LENGTH },
};

/** A translated message for a failure from better-auth or our API, by its code; the server's words otherwise. */
export function authErrorMessage(t: TFunction, error: AuthFailure | ApiError | unknown): string {
  // Refusals our server makes before better-auth runs (a page from another address, say)
  // arrive in our API's envelope, { error: { code, message } }, inside better-auth's failure.
  const failure = error instanceof ApiError ? error : { ...(error as AuthFailure | null), ...(error as { error?: AuthFailure } | null)?.error };
  const code = failure.code;
  const status = error instanceof ApiError ? error.status : (error as AuthFailure | null)?.status;
  if (status === 429) return t("errors.rate_limited");
  const fallback = failure.message || t("errors.internal_error");
  return code ? errorCodeMessage(t, code, { fallback, values: MESSAGE_VALUES }) : fallback;
}
