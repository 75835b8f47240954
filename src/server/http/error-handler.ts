import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ApiErrorBody } from "../../shared/api/errors";
import { canonicalPagePath } from "../../shared/site/canonical-page-path";
import { isDatabaseUnavailable } from "../db/outage";
import { isTransactionConflict } from "../db/transaction-conflict";
import { AppError } from "./app-error";
import type { PageShell } from "./page-shell";
import { setSecurityHeaders } from "./security";

/** How long a client should wait before trying again while the database is away. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

export interface ErrorHandlingOptions {
  /**
   * Whether the database answers; asked only when a request failed with a server
   * error whose cause does not say (better-auth replaces the driver's error with its own).
   */
  databaseReachable?: () => Promise<boolean>;
}

/**
 * Every failure leaves as { error: { code, message } } with a 4xx a person can act on
 * (a 409 `conflict` for a transaction PostgreSQL rolled back because of a concurrent one:
 * a deadlock or a serialization failure, nothing written, worth trying again), a 503
 * with Retry-After while the database is unreachable, or a 500 that says
 * nothing about the internals. Stack traces stay in the log; a client's mistake is
 * logged at info, only our own failures at error.
 */
export function registerErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}): void {
  app.setErrorHandler(async (error: FastifyError | AppError, request, reply) => {
    let { status, body } = toResponse(error);
    if (status === 500 && (isDatabaseUnavailable(error) || (options.databaseReachable !== undefined && !(await options.databaseReachable())))) {
      ({ status, body } = serviceUnavailable());
      request.log.error({ err: error }, "the database is unavailable");
    } else if (status >= 500) {
      request.log.error({ err: error }, "request failed");
    } else if (!(error instanceof AppError) && isTransactionConflict(error)) {
      // Ours to look at (two paths taking the same rows in different orders), though the client's answer is a 409.
      request.log.warn({ err: error }, "a transaction was rolled back by a concurrent one");
    } else {
      request.log.info({ code: body.error.code, status }, body.error.message);
    }
    if (status === 503 && !reply.hasHeader("retry-after")) reply.header("retry-after", String(OUTAGE_RETRY_AFTER_SECONDS));
    return reply.status(status).send(body);
  });
}

function serviceUnavailable(): { status: 503; body: ApiErrorBody } {
  return { status: 503, body: { error: { code: "service_unavailable", message: "The service is briefly unavailable. Please try again in a moment." } } };
}

/**
 * Unknown API paths get a JSON 404. With the web app built, any other GET or HEAD gets
 * index.html so client routes work on reload: with 200 for a page the app has, and with
 * 404 for any other address (the app shows its "page not found"), so crawlers see no soft 404.
 */
export function registerNotFound(app: FastifyInstance, shell: PageShell | null, statusOfPage: (pathname: string) => 200 | 404): void {
  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === "GET" || request.method === "HEAD") && !/^\/(api|webhooks)(\/|$)/.test(request.url);
    // No route, so no route hook set the security headers (security.ts).
    if (shell !== null && isPage) {
      setSecurityHeaders(reply, "page");
      const pathname = request.url.split("?")[0] ?? "/";
      // "/EN/faq" and "/pt-BR" are those languages' pages, and "/en/country/gb" the United Kingdom's, at one address each.
      const canonical = canonicalPagePath(pathname);
      if (canonical !== null) return reply.redirect(`${canonical}${request.url.slice(pathname.length)}`, 301);
      return shell.send(request, reply, pathname, statusOfPage(pathname));
    }
    setSecurityHeaders(reply, isPage ? "page" : "api");
    const body: ApiErrorBody = { error: { code: "not_found", message: `No route for ${request.method} ${request.url.split("?")[0]}` } };
    return reply.status(404).send(body);
  });
}

function toResponse(error: FastifyError | AppError): { status: number; body: ApiErrorBody } {
  if (error instanceof AppError) {
    return { status: error.status, body: { error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) } } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue) => ({
      path: [error.validationContext, ...issue.instancePath.split("/").filter(Boolean)].join("."),
      message: issue.message ?? "is invalid",
    }));
    const summary = details.map((detail) => `${detail.path}: ${detail.message}`).join("; ");
    return { status: 400, body: { error: { code: "validation_failed", message: `Invalid request: ${summary}`, details } } };
  }
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return { status: 400, body: { error: { code: "invalid_json", message: "The request body is not valid JSON" } } };
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { status: 413, body: { error: { code: "payload_too_large", message: "The request body is too large" } } };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return { status: 415, body: { error: { code: "unsupported_media_type", message: "Send the request body as JSON" } } };
  }
  if (isTransactionConflict(error)) {
    return { status: 409, body: { error: { code: "conflict", message: "This was changed in the meantime. Please reload and try again." } } };
  }
  if (error.statusCode === 429) {
    return { status: 429, body: { error: { code: "rate_limited", message: "Too many requests. Please wait a moment and try again." } } };
  }
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, body: { error: { code: "bad_request", message: error.message } } };
  }
  return { status: 500, body: { error: { code: "internal_error", message: "Something went wrong on our side. Please try again." } } };
}
