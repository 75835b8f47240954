import type { TFunction } from "i18next";
import { ApiError } from "../../lib/api-client";
import type { AuthFailure } from "../../lib/auth-client";

/** A translated message for a failure from better-auth or our API, by its code; the server's words otherwise. */
export function authErrorMessage(t: TFunction, error: AuthFailure | ApiError | unknown): string {
  const code = error instanceof ApiError ? error.code : (error as AuthFailure | null)?.code;
  const status = error instanceof ApiError ? error.status : (error as AuthFailure | null)?.status;
  if (status === 429) return t("errors.rate_limited");
  const fallback = (error as { message?: string } | null)?.message || t("errors.internal_error");
  return code ? t(`errors.${code}`, { defaultValue: fallback }) : fallback;
}
