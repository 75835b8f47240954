import { randomBytes } from "node:crypto";
import { parseMoney } from "../../shared/money";
import { postLedgerEntry } from "../modules/credits/ledger";
import { postCarrierWebhook } from "../providers/telephony/webhook-signature";
import type { TestServer } from "./test-server";
import { STATUS_WEBHOOK_PATH, VOICE_WEBHOOK_PATH } from "../modules/calls/twiml";
import { issueCallGrant } from "../modules/calls/call-grant";
import { eq } from "drizzle-orm";
import { session, user } from "../db/schema/auth";
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

/**
 * A call grant (call-grant.ts) for a sign-in of `userId` that is live: a session row as
 * better-auth writes one at sign-in, and the grant the voice token route would hand its device.
 */
export async function callGrantFor(server: TestServer, userId: string): Promise<string> {
  const secret = server.config.authSecret;
  if (!secret) throw new Error("the test server has no AUTH_SECRET");
  const sessionId = randomBytes(16).toString("hex");
  // A caller with no account has no sign-in to write: the grant then names a session that does not exist.
  const [account] = await server.database.db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (account) {
    const expiresAt = new Date(Date.now() + 24 * 3_600_000);
    await server.database.db.insert(session).values({ id: sessionId, token: randomBytes(24).toString("base64url"), userId, expiresAt });
  }
  return issueCallGrant(secret, { userId, sessionId, expiresAt: new Date(Date.now() + 3_600_000) });
}

/**
 * The device's call reaching the gate, signed with the server's carrier secret (the raw answer). Its
 * call grant is one for a live sign-in of the caller unless `grant` is given (null: none sent).
 */
export async function placeCall(server: TestServer, input: { callSid: string; userId: string; to: string; grant?: string | null }) {
  const grant = input.grant === undefined ? await callGrantFor(server, input.userId) : input.grant;
  return postCarrierWebhook(server.app, {
    secret: server.carrier.webhookAuthToken,
    publicUrl: server.config.publicUrl,
    path: VOICE_WEBHOOK_PATH,
    params: { CallSid: input.callSid, From: `client:${input.userId}`, To: input.to, AccountSid: "AC" + "0".repeat(32), Direction: "inbound", ...(grant === null ? {} : { Grant: grant }) },
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

/** What the signed-in browser's device gets from the voice token route: its token, and the call grant its calls carry. */
export async function voiceFor(server: TestServer, cookie: string): Promise<{ token: string; grant: string }> {
  const answer = await server.app.inject({ method: "POST", url: "/api/voice/token", headers: { cookie } });
  if (answer.statusCode !== 200) throw new Error(`the voice token route answered ${answer.statusCode}: ${answer.body}`);
  return answer.json<{ token: string; grant: string }>();
}

/**
 * A call placed as the web app's local device places it: a voice token, the browser's offer to the
 * local carrier, its answer accepted. The call is ringing or answered by then; the caller opens (and
 * closes) the browser peer, so it can choose how that browser behaves.
 */
export async function dialOnLocalCarrier(server: TestServer, cookie: string, to: string, browser: BrowserPeer): Promise<{ callSid: string; token: string; grant: string }> {
  const { token, grant } = await voiceFor(server, cookie);
  const placed = await server.app.inject({ method: "POST", url: "/api/local-carrier/calls", headers: { cookie }, payload: { token, to, sdp: browser.offer, grant } });
  if (placed.statusCode !== 201) throw new Error(`the local carrier answered ${placed.statusCode}: ${placed.body}`);
  const { callSid, sdp } = placed.json<{ callSid: string; sdp: string }>();
  await browser.accept(sdp);
  return { callSid, token, grant };
}
