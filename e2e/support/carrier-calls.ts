import { readFileSync } from "node:fs";
import path from "node:path";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { STATUS_WEBHOOK_PATH, VOICE_WEBHOOK_PATH } from "../../src/server/modules/calls/twiml";
import { localCarrierSecret } from "../../src/server/providers/telephony/choose-carrier";
import { carrierSignature } from "../../src/server/providers/telephony/webhook-signature";
import type { Config } from "../../src/server/config";
import type { RunningServer } from "../fixtures";
import { signIn, type TestAccount } from "./accounts";

/** The secret the server's local carrier signs its webhooks with, as the server itself reads it (from DATA_DIR, or derived from AUTH_SECRET). */
function carrierSecret(dataDir: string): string {
  const config = { authSecret: process.env.AUTH_SECRET } as Pick<Config, "authSecret"> as Config;
  return localCarrierSecret(config, () => (JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as { localCarrierSecret: string }).localCarrierSecret);
}

/** One signed carrier request over HTTP, as the carrier sends it: a form, signed over the public address. */
async function carrierPost(server: RunningServer, request: APIRequestContext, webhookPath: string, params: Record<string, string>): Promise<void> {
  const response = await request.post(`${server.baseURL}${webhookPath}`, {
    headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": carrierSignature(carrierSecret(server.dataDir), `${server.baseURL}${webhookPath}`, params) },
    data: new URLSearchParams(params).toString(),
  });
  if (response.status() !== 200) throw new Error(`${webhookPath} answered ${response.status()}: ${await response.text()}`);
}

/**
 * A call the customer made, as the carrier reports one: through the gate (the voice webhook) and
 * the status events of its outgoing leg, to a UK mobile (+44 7106 123456, $0.0580 a minute),
 * `talkSeconds` talked. Settled and billed by the server like any call.
 */
export async function settledCall(server: RunningServer, customer: TestAccount, talkSeconds: number, callSid = `CA${"e2e0".repeat(8)}`): Promise<void> {
  const request = await playwrightRequest.newContext({ baseURL: server.baseURL });
  try {
    await signIn(request, server, customer);
    const { id: userId } = (await (await request.get("/api/me")).json()) as { id: string };
    // The call grant the customer's device would send with the call (decision 058).
    const { grant } = (await (await request.post("/api/voice/token", { headers: { origin: server.baseURL } })).json()) as { grant: string };
    await carrierPost(server, request, VOICE_WEBHOOK_PATH, { CallSid: callSid, From: `client:${userId}`, To: "+447106123456", AccountSid: `AC${"0".repeat(32)}`, Direction: "inbound", Grant: grant });
    const leg = { CallSid: `CB${callSid.slice(2)}`, ParentCallSid: callSid, To: "+447106123456" };
    for (const status of ["initiated", "ringing", "in-progress"]) await carrierPost(server, request, STATUS_WEBHOOK_PATH, { ...leg, CallStatus: status });
    await carrierPost(server, request, STATUS_WEBHOOK_PATH, { ...leg, CallStatus: "completed", CallDuration: String(talkSeconds) });
  } finally {
    await request.dispose();
  }
}
