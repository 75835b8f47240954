import twilio from "twilio";
import type { FastifyInstance } from "fastify";
import type { SignatureVerdict, VerifySignature } from "../../http/signed-access";
import type { FormBody } from "../../webhooks/form-body";

export const SIGNATURE_HEADER = "x-twilio-signature";

/**
 * Twilio's webhook signature, the one both carriers use: base64 HMAC-SHA1 of the full
 * URL (PUBLIC_URL + path) followed by every POST parameter's name and value sorted by
 * name, keyed with the carrier's webhook secret. Checked with Twilio's own library.
 */
export function verifyCarrierSignature(secret: () => string, publicUrl: string): VerifySignature {
  return (request): SignatureVerdict => {
    const header = request.headers[SIGNATURE_HEADER];
    if (header === undefined || header === "") return "missing";
    if (Array.isArray(header)) return "invalid";
    const params = formParams(request.body);
    if (params === null) return "invalid";
    return twilio.validateRequest(secret(), header, `${publicUrl}${request.url}`, params) ? "valid" : "invalid";
  };
}

/** A form body as Twilio's validator takes it; null for a body that is not a form. */
function formParams(body: unknown): Record<string, string | string[]> | null {
  if (body === undefined || body === null) return {};
  if (typeof body !== "object" || Array.isArray(body)) return null;
  return body as FormBody;
}

/** Signs a form for a webhook, exactly as Twilio does. */
export function carrierSignature(secret: string, url: string, params: Record<string, string>): string {
  return twilio.getExpectedTwilioSignature(secret, url, params);
}

/**
 * Posts a signed form to one of our carrier webhooks through the app itself (no
 * network): how the local carrier places its calls through the gate and reports their
 * progress, the same requests Twilio would send.
 */
export async function postCarrierWebhook(
  app: FastifyInstance,
  input: { secret: string; publicUrl: string; path: string; params: Record<string, string> },
): Promise<{ statusCode: number; contentType: string; body: string; requestId: string }> {
  const response = await app.inject({
    method: "POST",
    url: input.path,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      [SIGNATURE_HEADER]: carrierSignature(input.secret, `${input.publicUrl}${input.path}`, input.params),
    },
    payload: new URLSearchParams(input.params).toString(),
  });
  // The request's id, which its log lines carry (http/request-id.ts).
  return { statusCode: response.statusCode, contentType: String(response.headers["content-type"] ?? ""), body: response.body, requestId: String(response.headers["x-request-id"] ?? "") };
}
