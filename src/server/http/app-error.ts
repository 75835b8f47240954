import type { ErrorCode } from "../../shared/api/errors";

/** The one error type services throw; the error handler turns it into { error: { code, message } }. */
export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503,
    readonly code: ErrorCode,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

export const notFound = (message = "Not found") => new AppError(404, "not_found", message);
export const forbidden = (message = "You do not have access to this") => new AppError(403, "forbidden", message);
export const unauthorized = (message = "Please sign in to continue") => new AppError(401, "unauthorized", message);
