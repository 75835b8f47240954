import twilio from "twilio";
import type { Config } from "../../../config";
import type { CarrierQuality } from "../../../../shared/api/call-credits";
import { FINAL_CARRIER_STATUSES, VOICE_TOKEN_TTL_SECONDS, type Carrier, type CarrierCall } from "../carrier";
import { callSummaryClient, type CallSummaryClient } from "./call-summary";

export type TwilioSettings = NonNullable<Config["twilio"]>;

/** The part of Twilio's REST client the reconcile job uses (tests give their own). */
export interface TwilioCallsApi {
  fetch(callSid: string): Promise<{ sid: string; status: string; duration: string | null } | null>;
  children(parentCallSid: string): Promise<{ sid: string; status: string; duration: string | null }[]>;
  /** Hangs up a call (status=completed); false when Twilio no longer has it live. Tests that never end calls leave it out. */
  complete?(callSid: string): Promise<boolean>;
}

/**
 * Twilio: access tokens with a Voice grant for the browser's device (identity = the
 * user's id, 1 h), its webhooks signed with the account's auth token, and the REST
 * API for the reconcile job.
 */
export class TwilioCarrier implements Carrier {
  readonly name = "twilio" as const;
  readonly webhookAuthToken: string;
  readonly callerId: string;
  private readonly calls: TwilioCallsApi;

  constructor(
    private readonly settings: TwilioSettings,
    options: { calls?: TwilioCallsApi; now?: () => Date; insightsBaseUrl?: string } = {},
  ) {
    this.webhookAuthToken = settings.authToken;
    this.callerId = settings.callerId;
    this.calls = options.calls ?? restCallsApi(settings);
    this.summaries = callSummaryClient({ accountSid: settings.accountSid, apiKey: settings.apiKey, apiSecret: settings.apiSecret, baseUrl: options.insightsBaseUrl });
    this.now = options.now ?? (() => new Date());
  }

  private readonly now: () => Date;
  private readonly summaries: CallSummaryClient;

  /** Twilio's own measurement of the device's leg (Voice Insights' call summary). */
  callQuality(callSid: string): Promise<CarrierQuality | "pending" | null> {
    return this.summaries.quality(callSid);
  }

  voiceToken(userId: string): { token: string; identity: string; expiresAt: Date } {
    const { AccessToken } = twilio.jwt;
    const token = new AccessToken(this.settings.accountSid, this.settings.apiKey, this.settings.apiSecret, {
      identity: userId,
      ttl: VOICE_TOKEN_TTL_SECONDS,
    });
    token.addGrant(new AccessToken.VoiceGrant({ outgoingApplicationSid: this.settings.twimlAppSid, incomingAllow: true }));
    const expiresAt = new Date((Math.floor(this.now().getTime() / 1000) + VOICE_TOKEN_TTL_SECONDS) * 1000);
    return { token: token.toJwt(), identity: userId, expiresAt };
  }

  /**
   * The device's leg (our call_sid) and the leg it dialled: the dialled leg's talk
   * time is what is billed, as in the status callbacks. When the device's leg has
   * ended but the dialled one never did (it was never created), its status stands.
   */
  async fetchCall(callSid: string): Promise<CarrierCall | null> {
    const parent = await this.calls.fetch(callSid);
    if (!parent) return null;
    const children = await this.calls.children(callSid);
    // The dialled leg is the one billed; while it runs, the call runs, whatever the device's leg says.
    const dialled = children.find((child) => Number(child.duration ?? 0) > 0) ?? children.find((child) => !FINAL_CARRIER_STATUSES.has(child.status)) ?? children[0];
    if (dialled) return { status: dialled.status, durationSeconds: Number(dialled.duration ?? 0) || 0 };
    // No dialled leg at all: the device's leg ended before a number was dialled (or is still being set up).
    return { status: parent.status, durationSeconds: 0 };
  }

  /** Twilio ends the device's leg and with it the dialled one; its status callback settles the call. */
  async endCall(_userId: string, callSid: string): Promise<boolean> {
    return this.calls.complete ? this.calls.complete(callSid) : false;
  }
}

function restCallsApi(settings: TwilioSettings): TwilioCallsApi {
  // API key + secret authenticate the REST client as well as the tokens.
  const client = twilio(settings.apiKey, settings.apiSecret, { accountSid: settings.accountSid });
  return {
    async fetch(callSid) {
      try {
        const call = await client.calls(callSid).fetch();
        return { sid: call.sid, status: call.status, duration: call.duration };
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      }
    },
    async complete(callSid) {
      try {
        await client.calls(callSid).update({ status: "completed" });
        return true;
      } catch (error) {
        // Gone, or already over (Twilio answers 404 or 400 for a call that ended): nothing to hang up.
        if ([400, 404].includes((error as { status?: number }).status ?? 0)) return false;
        throw error;
      }
    },
    async children(parentCallSid) {
      const calls = await client.calls.list({ parentCallSid, limit: 20 });
      return calls.map((call) => ({ sid: call.sid, status: call.status, duration: call.duration }));
    },
  };
}
