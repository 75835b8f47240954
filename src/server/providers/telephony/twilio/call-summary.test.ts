import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TwilioCarrier } from "./twilio-carrier";

const SETTINGS = {
  accountSid: "AC" + "1".repeat(32),
  authToken: "token-" + "2".repeat(26),
  apiKey: "SK" + "3".repeat(32),
  apiSecret: "secret-4",
  twimlAppSid: "AP" + "5".repeat(32),
  callerId: "+15005550006",
};

/** A summary as Voice Insights writes it: the phone network's leg, the customer's own, and the SDK's report beside them. */
function summary(carrierLoss: number, carrierJitter: number, processing = "complete") {
  return {
    call_sid: "CA1",
    processing_state: processing,
    carrier_edge: { metrics: { inbound: { packets_loss_percentage: carrierLoss, jitter: { avg: carrierJitter, max: carrierJitter * 3 } }, outbound: { packets_loss_percentage: 0.1, jitter: { avg: 2 } } } },
    // The customer's own connection, which they can make as bad as they like: never used for money.
    client_edge: { metrics: { inbound: { packets_loss_percentage: 40, jitter: { avg: 400 } } } },
    // What the browser said about itself: never used for money, however bad.
    sdk_edge: { metrics: { inbound: { packets_loss_percentage: 90, jitter: { avg: 900 } } } },
  };
}

/**
 * Twilio's carrier asks Voice Insights for the call's summary over HTTP: a stand-in for
 * insights.twilio.com answers as Twilio does (404 until the summary exists), and the test
 * checks what was asked (path, basic auth with the API key) and what is made of the answer.
 */
describe("Twilio's call quality from Voice Insights", () => {
  let server: Server;
  let baseUrl = "";
  const answers = new Map<string, { status: number; body?: unknown }>();
  const asked: IncomingMessage[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      asked.push(request);
      const sid = /^\/v1\/Voice\/([^/]+)\/Summary\?ProcessingState=all$/.exec(request.url ?? "")?.[1] ?? "";
      const answer = answers.get(sid) ?? { status: 404, body: { code: 20404, message: "The requested resource was not found" } };
      response.writeHead(answer.status, { "content-type": "application/json" });
      response.end(JSON.stringify(answer.body ?? {}));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const carrier = () => new TwilioCarrier(SETTINGS, { insightsBaseUrl: baseUrl, calls: { fetch: async () => null, children: async () => [] } });

  it("asks with the API key and takes the worst of the phone network's leg, never the customer's own or the SDK's", async () => {
    answers.set("CA_lossy", { status: 200, body: summary(7.5, 31) });
    expect(await carrier().callQuality("CA_lossy")).toEqual({ packetLossPercent: 7.5, jitterMs: 31 });
    const request = asked.at(-1)!;
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${SETTINGS.apiKey}:${SETTINGS.apiSecret}`).toString("base64")}`);
  });

  it("says pending until the summary exists, and while a partial one has no figures yet", async () => {
    expect(await carrier().callQuality("CA_not_yet")).toBe("pending");
    answers.set("CA_partial", { status: 200, body: { call_sid: "CA_partial", processing_state: "partial" } });
    expect(await carrier().callQuality("CA_partial")).toBe("pending");
  });

  it("says there will be none when a complete summary measures only the customer's side (their connection and the SDK's report)", async () => {
    const { client_edge, sdk_edge } = summary(0, 0);
    answers.set("CA_customer_side", { status: 200, body: { processing_state: "complete", client_edge, sdk_edge } });
    expect(await carrier().callQuality("CA_customer_side")).toBeNull();
  });

  it("fails loudly on any other answer, so the job is tried again", async () => {
    answers.set("CA_broken", { status: 503 });
    await expect(carrier().callQuality("CA_broken")).rejects.toThrow("503");
  });
});
