import type { TFunction } from "./i18n/translator";
import { ApiError } from "./api-client";

/** How a caller words the failures it knows better than the general rule. */
export interface ApiErrorWording {
  /** The words for a code with no translation, in place of the server's English (the rate checker's "could not look that up"). */
  fallback?: string;
  /** The figures a code's message names, by code: the translations hold placeholders, the rule holds the number. */
  values?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/**
 * The translated message of an API failure by its code (errors.<code>); for a code not
 * translated, the caller's fallback or the server's English words. Anything that is not
 * the API's refusal (a network failure, a bug) is our side's error.
 */
export function apiErrorMessage(t: TFunction, error: unknown, { fallback, values }: ApiErrorWording = {}): string {
  if (!(error instanceof ApiError)) return t("errors.internal_error");
  return errorCodeMessage(t, error.code, { fallback: fallback ?? error.message, values });
}

/** The translated message of a refusal's code, for failures that do not arrive as an ApiError (better-auth's). */
export function errorCodeMessage(t: TFunction, code: string, { fallback, values }: ApiErrorWording): string {
  return t(`errors.${code}`, { defaultValue: fallback, ...values?.[code] });
}
