import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ApiErrorBody } from "../../shared/api/errors";
import { AppError } from "./app-error";
import { setSecurityHeaders } from "./security";

/**
 * Every failure leaves as { error: { code, message } } with a 4xx a person can act on,
 * or a 500 that says nothing about the internals. Stack traces stay in the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, body } = toResponse(error);
    if (status >= 500) request.log.error({ err: error }, "request failed");
    else request.log.info({ code: body.error.code, status }, body.error.message);
    return reply.status(status).send(body);
  });
}

/**
 * Unknown API paths get a JSON 404. With the web app built, any other GET gets
 * index.html so client routes (including the 404 page) work on reload.
 */
export function registerNotFound(app: FastifyInstance, spaIndexHtml: string | null): void {
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === "GET" && !/^\/(api|webhooks)(\/|$)/.test(request.url);
    // No route, so no route hook set the security headers (security.ts).
    if (spaIndexHtml !== null && isPage) {
      setSecurityHeaders(reply, "page");
      return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(spaIndexHtml);
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
  if (error.statusCode === 429) {
    return { status: 429, body: { error: { code: "rate_limited", message: "Too many requests. Please wait a moment and try again." } } };
  }
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, body: { error: { code: "bad_request", message: error.message } } };
  }
  return { status: 500, body: { error: { code: "internal_error", message: "Something went wrong on our side. Please try again." } } };
}
