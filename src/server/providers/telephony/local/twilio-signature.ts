import { createHmac } from "node:crypto";

/**
 * Twilio's request signature (X-Twilio-Signature): base64 HMAC-SHA1, keyed with the
 * auth token, of the full URL followed by every POST parameter's name and value,
 * sorted by name. The local carrier signs what it sends to our webhooks exactly so,
 * with its own secret, and the same check verifies both carriers.
 */
export function twilioSignature(authToken: string, url: string, params: Readonly<Record<string, string>>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac("sha1", authToken).update(Buffer.from(data, "utf8")).digest("base64");
}
