import { Counter, type Registry } from "prom-client";

/** Provider webhooks on this instance: what each delivery came to, and the ones refused before their effect could run. */
export interface WebhookMetrics {
  /** processed, ignored, duplicate, rejected (signed but unusable) or retry (503, the provider sends it again). */
  delivered(provider: string, outcome: "processed" | "ignored" | "duplicate" | "rejected" | "retry"): void;
  /** Refused with this HTTP status before the handler: 401 unsigned, 403 badly signed, 400/413/415 unreadable. */
  refused(provider: string, statusCode: number): void;
}

export function webhookMetrics(registry: Registry): WebhookMetrics {
  const deliveries = new Counter({
    name: "dialwise_webhook_deliveries_total",
    help: "Provider webhook deliveries that reached their handler, by provider and outcome.",
    labelNames: ["provider", "outcome"],
    registers: [registry],
  });
  const refusals = new Counter({
    name: "dialwise_webhook_refusals_total",
    help: "Provider webhook requests refused before their handler (bad or missing signature, unreadable body), by provider and HTTP status.",
    labelNames: ["provider", "status_code"],
    registers: [registry],
  });
  return {
    delivered: (provider, outcome) => deliveries.inc({ provider, outcome }),
    refused: (provider, statusCode) => refusals.inc({ provider, status_code: String(statusCode) }),
  };
}
