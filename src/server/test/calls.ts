import { randomBytes } from "node:crypto";
import { parseMoney } from "../../shared/money";
import { postLedgerEntry } from "../modules/credits/ledger";
import { postCarrierWebhook } from "../providers/telephony/webhook-signature";
import type { TestServer } from "./test-server";
import { STATUS_WEBHOOK_PATH, VOICE_WEBHOOK_PATH } from "../modules/calls/twiml";
import type { CarrierLink } from "../modules/calls/carrier-client";
import type { BrowserPeer } from "../providers/telephony/local/testing/browser-peer";

/** A fresh call sid in Twilio's shape. */
export const newCallSid = (): string => `CA${randomBytes(16).toString("hex")}`;

/** Credit for a test customer, as an admin adjustment. */
export async function grant(server: TestServer, userId: string, amount: string): Promise<void> {
  await server.database.db.transaction((tx) =>
    postLedgerEntry(tx, { userId, kind: "admin_adjustment", reference: `test-${randomBytes(6).toString("hex")}`, amount: parseMoney(amount), createdBy: "test" }, server.bus),
  );
}

/** The test server's carrier, as a carrier inside the server reaches the webhooks. */
export const carrierLink = (server: TestServer): CarrierLink => ({ app: server.app, secret: server.carrier.webhookAuthToken, publicUrl: server.config.publicUrl });

/** The device's call reaching the gate, signed with the server's carrier secret (the raw answer). */
export function placeCall(server: TestServer, input: { callSid: string; userId: string; to: string }) {
  return postCarrierWebhook(server.app, {
    secret: server.carrier.webhookAuthToken,
    publicUrl: server.config.publicUrl,
    path: VOICE_WEBHOOK_PATH,
    params: { CallSid: input.callSid, From: `client:${input.userId}`, To: input.to, AccountSid: "AC" + "0".repeat(32), Direction: "inbound" },
  });
}

/** A status callback of the dialled leg of `callSid` (the raw answer). */
export function reportStatus(server: TestServer, callSid: string, status: string, extra: Record<string, string> = {}) {
  return postCarrierWebhook(server.app, {
    secret: server.carrier.webhookAuthToken,
    publicUrl: server.config.publicUrl,
    path: STATUS_WEBHOOK_PATH,
    params: { CallSid: `CB${callSid.slice(2)}`, ParentCallSid: callSid, CallStatus: status, To: "+447106123456", ...extra },
  });
}

/**
 * A call placed as the web app's local device places it: a voice token, the browser's offer to the
 * local carrier, its answer accepted. The call is ringing or answered by then; the caller opens (and
 * closes) the browser peer, so it can choose how that browser behaves.
 */
export async function dialOnLocalCarrier(server: TestServer, cookie: string, to: string, browser: BrowserPeer): Promise<{ callSid: string; token: string }> {
  const token = (await server.app.inject({ method: "POST", url: "/api/voice/token", headers: { cookie } })).json<{ token: string }>().token;
  const placed = await server.app.inject({ method: "POST", url: "/api/local-carrier/calls", headers: { cookie }, payload: { token, to, sdp: browser.offer } });
  if (placed.statusCode !== 201) throw new Error(`the local carrier answered ${placed.statusCode}: ${placed.body}`);
  const { callSid, sdp } = placed.json<{ callSid: string; sdp: string }>();
  await browser.accept(sdp);
  return { callSid, token };
}
