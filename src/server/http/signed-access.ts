import { Readable } from "node:stream";
import { errorCodes, type FastifyRequest, type preParsingAsyncHookHandler, type preValidationAsyncHookHandler, type RouteOptions } from "fastify";
import { AppError } from "./app-error";

declare module "fastify" {
  interface FastifyRequest {
    /** The body exactly as it arrived, before any parser: set on `signed` routes, for the signature check. */
    rawBody?: Buffer;
  }
}

/** A provider's answer about a request: signed by it, not signed at all, or signed wrongly. */
export type SignatureVerdict = "valid" | "missing" | "invalid";

/**
 * Each provider brings its own check (Twilio's X-Twilio-Signature over the URL and the
 * form, Stripe's timestamped HMAC of the raw body, our local providers' HMAC). It runs
 * after the body is read and parsed, before the handler; a check that throws is "invalid".
 */
export type VerifySignature = (request: FastifyRequest & { rawBody: Buffer }) => SignatureVerdict | Promise<SignatureVerdict>;

type SignedRouteConfig = { verifySignature?: unknown } | undefined;

/**
 * Makes a route answer only to requests its provider signed: the raw body is kept
 * (first preParsing hook) and the provider's check runs (first preValidation hook).
 * Unsigned answers 401, badly signed 403, and neither reaches the handler.
 */
export function requireSignature(route: RouteOptions): void {
  const verify = (route.config as SignedRouteConfig)?.verifySignature;
  if (typeof verify !== "function") throw new Error(`Route ${String(route.method)} ${route.url} is signed but has no verifySignature`);
  route.preParsing = [keepRawBody, ...[route.preParsing ?? []].flat()] as RouteOptions["preParsing"];
  route.preValidation = [checkSignature(verify as VerifySignature), ...[route.preValidation ?? []].flat()] as RouteOptions["preValidation"];
}

/** Reads the body once, keeps its bytes, and hands the same bytes on to the content-type parser. */
const keepRawBody: preParsingAsyncHookHandler = async (request, _reply, payload) => {
  const limit = request.routeOptions.bodyLimit;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    if (size > limit) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
    chunks.push(bytes);
  }
  request.rawBody = Buffer.concat(chunks);
  return Readable.from([request.rawBody], { objectMode: false });
};

function checkSignature(verify: VerifySignature): preValidationAsyncHookHandler {
  return async (request) => {
    const signed = Object.assign(request, { rawBody: request.rawBody ?? Buffer.alloc(0) });
    let verdict: SignatureVerdict;
    try {
      verdict = await verify(signed);
    } catch {
      verdict = "invalid";
    }
    if (verdict === "missing") throw new AppError(401, "signature_missing", "This address accepts only requests signed by its provider");
    if (verdict !== "valid") throw new AppError(403, "signature_invalid", "The request's signature does not match");
  };
}
