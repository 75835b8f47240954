import { createHmac } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config";
import type { EventBus } from "../../db/bus";
import type { Database } from "../../db/client";
import type { JobQueue } from "../../jobs/job-queue";
import type { Carrier } from "./carrier";
import { localCarrier } from "./local/local-carrier-factory";
import { LocalCarrierSigning } from "./local/local-carrier-signing";
import { TwilioCarrier } from "./twilio/twilio-carrier";

/** What a carrier built inside the server may use: the app (to post its webhooks through app.inject), the database, the bus, the job queue. */
export interface CarrierContext {
  app: FastifyInstance;
  db: Database;
  bus: EventBus;
  /** Incoming calls are logged with their reconcile job (logIncomingCall). */
  jobs: JobQueue;
  config: Config;
  /** The local carrier's secret: it signs the voice tokens and the webhooks. */
  localCarrierSecret: string;
  /** Brings a call to its final state from the carrier's record now (reconcileCall): the local carrier's hang-up of a call whose instance died. */
  reconcile?: (callSid: string) => Promise<unknown>;
  /** This process holds the embedded database's folder: no other instance shares it. */
  alone?: boolean;
}

export type CarrierFactory = (context: CarrierContext) => Carrier;

/** The local carrier's signing alone (tokens and signatures, no calls of its own): for tests of the gate and settlement without media. */
export const signingOnlyLocalCarrier: CarrierFactory = (context) => new LocalCarrierSigning(context.localCarrierSecret);

/** Twilio when all six TWILIO_* variables are set, else the local carrier (the default): WebRTC calls inside the server. */
export function chooseCarrier(context: CarrierContext, local: CarrierFactory = localCarrier): Carrier {
  return context.config.twilio ? new TwilioCarrier(context.config.twilio) : local(context);
}

/**
 * The local carrier's secret: the generated one in DATA_DIR/secrets.json, or, when the
 * operator set AUTH_SECRET (and so may run without a writable data folder, as tests do),
 * a key derived from it, so it never needs a file and differs from the session secret.
 */
export function localCarrierSecret(config: Config, generated: () => string): string {
  if (config.authSecret) return createHmac("sha256", config.authSecret).update("dialwise local carrier").digest("base64url");
  return generated();
}
