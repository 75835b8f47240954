import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./app-error";

/** Deeper than any body we accept; deep enough that no honest client meets it. */
export const MAX_JSON_DEPTH = 32;

/** Why a JSON text is refused before it is parsed, or null when it may be parsed. */
export type JsonTextProblem = "json_too_deep" | "nul_character" | "invalid_encoding";

const QUOTE = 0x22;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const LETTER_U = 0x75;
const HEX4 = /^[0-9a-fA-F]{4}$/;

/**
 * One pass over the raw text, before JSON.parse recurses into it: the nesting
 * depth, NUL characters (PostgreSQL cannot store them in text and answers with an
 * error), and lone UTF-16 surrogates written as escapes (not text in any encoding;
 * they would be stored as U+FFFD). Malformed JSON is left to the parser to report.
 */
export function inspectJsonText(text: string, maxDepth = MAX_JSON_DEPTH): JsonTextProblem | null {
  let depth = 0;
  const length = text.length;
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      depth += 1;
      if (depth > maxDepth) return "json_too_deep";
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth -= 1;
    } else if (code === QUOTE) {
      const end = inspectString(text, index + 1);
      if (typeof end === "string") return end;
      index = end;
    }
  }
  return null;
}

/** Jumps from one quote or backslash to the next (most of a long string is neither). */
const STRING_STOP = /["\\]/g;

/** Checks a string's escapes from just after its opening quote; answers the index of its closing quote, or a problem. */
function inspectString(text: string, from: number): number | JsonTextProblem {
  // Just after a high surrogate escape (\uD800-\uDBFF): only its low half may follow.
  let highPending = false;
  let index = from;
  for (;;) {
    STRING_STOP.lastIndex = index;
    const stop = STRING_STOP.exec(text);
    // Unterminated, or text between the escapes while a low half is awaited: the parser or we refuse it.
    if (stop === null) return highPending ? "invalid_encoding" : text.length;
    if (highPending && stop.index !== index) return "invalid_encoding";
    index = stop.index;
    if (text.charCodeAt(index) === QUOTE) return highPending ? "invalid_encoding" : index;
    if (text.charCodeAt(index + 1) !== LETTER_U) {
      if (highPending) return "invalid_encoding";
      index += 2; // \" \\ \n …: the escaped character neither ends the string nor starts an escape
      continue;
    }
    const hex = text.slice(index + 2, index + 6);
    if (!HEX4.test(hex)) return text.length; // malformed: the parser says so
    const unit = Number.parseInt(hex, 16);
    if (unit === 0) return "nul_character";
    const isLow = unit >= 0xdc00 && unit <= 0xdfff;
    // A low half without its high one, or a high half followed by anything else.
    if (highPending !== isLow) return "invalid_encoding";
    highPending = unit >= 0xd800 && unit <= 0xdbff;
    index += 6;
  }
}

const MESSAGES: Record<JsonTextProblem, string> = {
  json_too_deep: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
  nul_character: "The request contains a NUL character (\\u0000), which we do not accept",
  invalid_encoding: "The request body is not valid UTF-8 text",
};

/** The 400 that answers a problem of the request's text. */
export function textProblemError(problem: JsonTextProblem): AppError {
  return new AppError(400, problem, MESSAGES[problem]);
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** The body's bytes as text, refusing what is not UTF-8 (RFC 8259: JSON between systems is UTF-8). */
export function decodeUtf8(body: Buffer): string {
  try {
    return utf8.decode(body);
  } catch {
    throw textProblemError("invalid_encoding");
  }
}

type JsonParser = (request: FastifyRequest, body: string, done: (error: Error | null, value?: unknown) => void) => void;

/**
 * Leaves JSON as the only body the API reads (a scope adds what its routes take:
 * images for blog covers, forms for signed webhooks), and replaces Fastify's JSON
 * body parser with one that first checks the raw text
 * (inspectJsonText) and then hands it to Fastify's own parser (prototype-poisoning
 * checks, empty-body and syntax errors as before). Registered on the root
 * instance; a plugin that needs another JSON parser (the raw bytes of a signed
 * webhook, say) replaces this one in its own scope and may call checkedJsonText itself.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error") as JsonParser;
  app.removeContentTypeParser("application/json");
  // No route reads plain text, and a page on any site may post text/plain (a form's enctype)
  // with the visitor's cookies and no preflight: such a body answers 415.
  app.removeContentTypeParser("text/plain");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    let text: string;
    try {
      text = checkedJsonText(body);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    parse(request, text, done);
  });
}

/** The checked text of a JSON body (bytes, or text already decoded), ready for JSON.parse; throws the 400 for a body we refuse. */
export function checkedJsonText(body: Buffer | string): string {
  const text = typeof body === "string" ? body : decodeUtf8(body);
  const problem = inspectJsonText(text);
  if (problem !== null) throw textProblemError(problem);
  return text;
}
