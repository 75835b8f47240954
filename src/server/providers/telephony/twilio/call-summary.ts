import type { CarrierQuality } from "../../../../shared/api/call-credits";

/**
 * The call's quality as Twilio measured it, from Voice Insights' Call Summary
 * (GET https://insights.twilio.com/v1/Voice/{CallSid}/Summary). Only the legs the customer
 * does not shape count: carrier_edge (the phone network's side) and sip_edge. The client_edge,
 * though Twilio measures it, is the customer's own connection: a caller who drops their own
 * outgoing packets would make it as bad as they like and every call free under a loss rule.
 * The sdk_edge is what the browser reported and is never used for money either. A summary
 * appears within minutes of the call's end (404 until then): "pending".
 */
export const TWILIO_INSIGHTS_URL = "https://insights.twilio.com";

const MEASURED_EDGES = ["carrier_edge", "sip_edge"] as const;

interface StreamMetrics {
  packets_loss_percentage?: number | null;
  jitter?: { avg?: number | null } | null;
}
interface EdgeSummary {
  metrics?: { inbound?: StreamMetrics | null; outbound?: StreamMetrics | null } | null;
}
type CallSummary = Partial<Record<(typeof MEASURED_EDGES)[number], EdgeSummary | null>> & { processing_state?: string };

export interface CallSummaryClient {
  quality(callSid: string): Promise<CarrierQuality | "pending" | null>;
}

export function callSummaryClient(options: { accountSid: string; apiKey: string; apiSecret: string; baseUrl?: string; fetch?: typeof fetch }): CallSummaryClient {
  const baseUrl = options.baseUrl ?? TWILIO_INSIGHTS_URL;
  const send = options.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${options.apiKey}:${options.apiSecret}`).toString("base64")}`;
  return {
    async quality(callSid) {
      const response = await send(`${baseUrl}/v1/Voice/${encodeURIComponent(callSid)}/Summary?ProcessingState=all`, {
        headers: { authorization, accept: "application/json" },
        signal: AbortSignal.timeout(10_000),
      });
      if (response.status === 404) return "pending";
      if (!response.ok) throw new Error(`Twilio's call summary answered ${response.status}`);
      return qualityOfSummary((await response.json()) as CallSummary);
    },
  };
}

/** The worst loss and jitter over the measured edges and both directions; a partial summary without figures is pending. */
export function qualityOfSummary(summary: CallSummary): CarrierQuality | "pending" | null {
  const streams = MEASURED_EDGES.flatMap((edge) => [summary[edge]?.metrics?.inbound, summary[edge]?.metrics?.outbound]).filter(
    (stream): stream is StreamMetrics => stream !== null && stream !== undefined,
  );
  const losses = streams.map((stream) => stream.packets_loss_percentage).filter(isFigure);
  const jitters = streams.map((stream) => stream.jitter?.avg).filter(isFigure);
  if (losses.length === 0 && jitters.length === 0) return summary.processing_state === "complete" ? null : "pending";
  return { packetLossPercent: Math.min(100, Math.max(0, ...losses)), jitterMs: Math.max(0, ...jitters) };
}

function isFigure(value: number | null | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0;
}
