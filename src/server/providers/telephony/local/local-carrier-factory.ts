import type { CarrierQuality } from "../../../../shared/api/call-credits";
import { AppError } from "../../../http/app-error";
import type { CarrierCall } from "../carrier";
import type { CarrierContext, CarrierFactory } from "../choose-carrier";
import { extendLiveCallLimit } from "../../../modules/calls/limit-extension";
import { VOICE_WEBHOOK_PATH } from "../../../modules/calls/twiml";
import { AdjustableCarrierClock } from "./carrier-clock";
import { carrierWebhooks } from "./carrier-webhooks";
import { LocalCarrierCalls, type LocalCarrierOptions } from "./local-carrier";
import { LocalCarrierSigning } from "./local-carrier-signing";
import { recordInboundCalls } from "./record-inbound";

/**
 * The local carrier as the server uses it: the signing of voice tokens and webhooks
 * (LocalCarrierSigning) with calls of its own (WebRTC media, the gate, status events).
 */
export class LocalCarrier extends LocalCarrierSigning {
  readonly calls: LocalCarrierCalls;
  /** The clock a test may move (LOCAL_CARRIER_CLOCK=adjustable); null on the real clock. */
  readonly adjustableClock: AdjustableCarrierClock | null;

  constructor(context: CarrierContext, options: Partial<Omit<LocalCarrierOptions, "clock">> = {}) {
    super(context.localCarrierSecret);
    // Only the configuration chooses the clock, so the route that moves it exists exactly when the setting is on.
    this.adjustableClock = context.config.localCarrierClock === "adjustable" ? new AdjustableCarrierClock() : null;
    const webhooks = carrierWebhooks({ app: context.app, publicUrl: context.config.publicUrl, authToken: context.localCarrierSecret });
    this.calls = new LocalCarrierCalls({
      app: context.app,
      db: context.db,
      bus: context.bus,
      log: context.app.log,
      publicUrl: context.config.publicUrl,
      secret: context.localCarrierSecret,
      gatePath: VOICE_WEBHOOK_PATH,
      recordInbound: recordInboundCalls(context, webhooks, context.config.publicUrl),
      extendLimit: (callSid) => extendLiveCallLimit(context.db, context.bus, callSid),
      ...(context.reconcile ? { settleDropped: context.reconcile } : {}),
      alone: context.alone ?? false,
      ...options,
      ...(this.adjustableClock ? { clock: this.adjustableClock } : {}),
    });
  }

  override fetchCall(callSid: string): Promise<CarrierCall | null> {
    return this.calls.fetchCall(callSid);
  }

  /** A call the carrier never carried (or not the customer's) is not live here: nothing to end. */
  override async endCall(userId: string, callSid: string): Promise<boolean> {
    try {
      return await this.calls.hangUp(userId, callSid);
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return false;
      throw error;
    }
  }

  lostCalls(): Promise<string[]> {
    return this.calls.lostCalls();
  }

  override callQuality(callSid: string): Promise<CarrierQuality | "pending" | null> {
    return this.calls.callQuality(callSid);
  }

  /** Ends the calls this instance holds; they settle through the app's own webhooks, so call it before the app closes. */
  async close(): Promise<void> {
    await this.calls.close();
  }
}

/** Builds the local carrier (chooseCarrier's choice without Twilio credentials). */
export const localCarrier: CarrierFactory = (context) => new LocalCarrier(context);

/** The same carrier with its far end's timings shortened (tests). */
export const localCarrierWith =
  (options: Partial<Omit<LocalCarrierOptions, "clock">>): CarrierFactory =>
  (context) =>
    new LocalCarrier(context, options);
