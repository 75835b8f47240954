import type { TFunction } from "i18next";
import { ApiError } from "./api-client";

/** The translated message of an API failure by its code (errors.<code>), or the server's English words. */
export function apiErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) return t(`errors.${error.code}`, { defaultValue: error.message });
  return t("errors.internal_error");
}
