import type { FastifyInstance } from "fastify";
import { AppError } from "../http/app-error";

/** A form body as a plain object: one string per field, an array for a field sent more than once. */
export type FormBody = Record<string, string | string[]>;

/**
 * Accepts application/x-www-form-urlencoded bodies (Twilio posts its callbacks as
 * forms) in this scope only: elsewhere the API keeps refusing forms with 415, which
 * keeps cross-site form posts away from it.
 */
export function acceptFormBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, parseForm(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

export function parseForm(text: string): FormBody {
  const form: FormBody = {};
  for (const [name, value] of new URLSearchParams(text)) {
    // PostgreSQL cannot store a NUL in text or jsonb; no provider sends one.
    if (name.includes("\0") || value.includes("\0")) throw new AppError(400, "invalid_form", "The form holds a NUL character");
    const existing = Object.hasOwn(form, name) ? form[name] : undefined;
    form[name] = existing === undefined ? value : [existing, value].flat();
  }
  return form;
}
