/**
 * Stable error codes the API returns as { error: { code, message } }.
 * The web shows `errors.<code>` from the translations; `message` is the English fallback.
 */
export const ERROR_CODES = [
  "validation_failed",
  "invalid_json",
  "json_too_deep",
  "nul_character",
  "invalid_encoding",
  "invalid_host",
  "payload_too_large",
  "unsupported_media_type",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  "rate_limited",
  "internal_error",
  "service_unavailable",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number] | (string & {});

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; details?: { path: string; message: string }[] };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === "object" && error !== null && typeof (error as { code?: unknown }).code === "string";
}
