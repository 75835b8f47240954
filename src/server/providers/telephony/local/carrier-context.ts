import type { FastifyBaseLogger } from "fastify";
import type { LiveEventMap } from "../../../../shared/api/live-events";
import type { EventBus } from "../../../db/bus";
import type { Database } from "../../../db/client";
import { publishUserEvent } from "../../../modules/events/user-events";
import type { CallStore } from "./call-store";
import type { CarrierClock } from "./carrier-clock";
import type { CarrierWebhooks } from "./carrier-webhooks";
import type { MediaPeerOptions } from "./media-peer";
import type { FarEndTimings } from "./test-numbers";

/** What every part of the local carrier works with. */
export interface CarrierContext {
  db: Database;
  bus: EventBus;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** Where the carrier asks what to do with a call the device places (our voice webhook). */
  gatePath: string;
  /** The account sid the carrier puts in its requests, as Twilio names an account. */
  accountSid: string;
  webhooks: CarrierWebhooks;
  store: CallStore;
  timings: FarEndTimings;
  media: Pick<MediaPeerOptions, "silenceMs" | "connectMs">;
  /** How long an incoming call rings before its caller gives up. */
  incomingRingMs: number;
  /** The longest an incoming call may last (it is free, but not endless). */
  incomingLimitSeconds: number;
  /** What talk time and time limits are measured by (the real clock unless a test moves it). */
  clock: CarrierClock;
}

export type DeviceEvent = LiveEventMap["local_carrier.call"];

/** Tells the customer's device (every open tab) about the call; a failure is logged, never thrown into the call. */
export async function tellDevice(context: CarrierContext, userId: string, event: DeviceEvent): Promise<void> {
  try {
    await publishUserEvent(context.bus, context.db, userId, "local_carrier.call", event);
  } catch (error) {
    context.log.error({ err: error, callSid: event.callSid }, "local carrier: could not tell the device");
  }
}
