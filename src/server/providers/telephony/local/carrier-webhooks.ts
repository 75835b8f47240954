import type { FastifyInstance } from "fastify";
import { carrierSignature, SIGNATURE_HEADER } from "../webhook-signature";

/**
 * How the local carrier reaches our webhooks: as Twilio does (a signed form POST to
 * PUBLIC_URL + path), but through `app.inject`, so the very handler that serves
 * Twilio runs, with its signature check, claim and settlement, and no socket or
 * proxy stands between. A 503 (the handler asked for a redelivery) is sent again
 * after a pause, as Twilio retries.
 */
export interface CarrierWebhooks {
  post(url: string, form: Record<string, string>): Promise<{ statusCode: number; body: string }>;
}

export interface CarrierWebhooksOptions {
  app: FastifyInstance;
  publicUrl: string;
  authToken: string;
  retries?: number;
  retryDelayMs?: number;
}

export function carrierWebhooks({ app, publicUrl, authToken, retries = 3, retryDelayMs = 1000 }: CarrierWebhooksOptions): CarrierWebhooks {
  return {
    async post(url, form) {
      // The gate names the status callback by its full public address; our app answers its path.
      const path = url.startsWith(publicUrl) ? url.slice(publicUrl.length) || "/" : new URL(url).pathname;
      const fullUrl = `${publicUrl}${path}`;
      const headers = {
        "content-type": "application/x-www-form-urlencoded",
        [SIGNATURE_HEADER]: carrierSignature(authToken, fullUrl, form),
        "user-agent": "Dialwise local carrier",
      };
      for (let attempt = 0; ; attempt += 1) {
        const response = await app.inject({ method: "POST", url: path, headers, payload: new URLSearchParams(form).toString() });
        if (response.statusCode !== 503 || attempt >= retries) return { statusCode: response.statusCode, body: response.body };
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs * (attempt + 1)));
      }
    },
  };
}
