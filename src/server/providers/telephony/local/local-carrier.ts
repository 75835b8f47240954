import type { CarrierQuality } from "../../../../shared/api/call-credits";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { z } from "zod";
import type { EventBus } from "../../../db/bus";
import type { Database } from "../../../db/client";
import { AppError } from "../../../http/app-error";
import { USER_EVENT_TOPIC } from "../../../modules/events/user-events";
import { callStore, type StoredLocalCall } from "./call-store";
import { realCarrierClock, type CarrierClock } from "./carrier-clock";
import type { CarrierContext } from "./carrier-context";
import { carrierWebhooks } from "./carrier-webhooks";
import { dtmfFrames } from "./dtmf";
import { answerIncoming, ringCustomer, type RecordInbound } from "./incoming-call";
import type { LiveCall } from "./live-call";
import type { MediaPeerOptions } from "./media-peer";
import { placeCall, type PlacedCall } from "./outbound-call";
import { FAR_END_TIMINGS, type FarEndTimings } from "./test-numbers";

/** Bus topic of what one instance asks the instance holding a call's media to do. */
export const LOCAL_CARRIER_COMMAND_TOPIC = "local_carrier.command";
const commandSchema = z.object({ callSid: z.string(), command: z.enum(["hangup", "digits"]), digits: z.string().regex(/^[0-9*#]{1,32}$/).optional() });

/**
 * A live call whose instance has not touched it for four beats is taken for dropped (that
 * instance died): with the watch's 10 s, a dead instance's calls end within 30 s (decision 024).
 */
export const HEARTBEAT_MS = 5_000;
export const STALE_AFTER_MS = 4 * HEARTBEAT_MS;
/** How long a hang-up for a call held elsewhere waits for its holder to end it before taking the holder for dead. */
export const HANDOVER_MS = 3_000;
/** Ended calls are kept a week (the reconcile job asks within hours), then forgotten, once an hour. */
const KEEP_ENDED_MS = 7 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_BEATS = (60 * 60 * 1000) / HEARTBEAT_MS;

export interface LocalCarrierOptions {
  app: FastifyInstance;
  db: Database;
  bus: EventBus;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** The secret the carrier signs its webhook requests with (the Carrier's webhookAuthToken). */
  secret: string;
  gatePath?: string;
  timings?: Partial<FarEndTimings>;
  media?: Pick<MediaPeerOptions, "silenceMs" | "connectMs">;
  incomingRingMs?: number;
  incomingLimitSeconds?: number;
  /** Writes an incoming call into the customer's history (direction inbound, cost 0). */
  recordInbound?: RecordInbound;
  /** Raises a live call's time limit to what the balance now pays for (extendLiveCallLimit): the new limit, or null. */
  extendLimit?: (callSid: string) => Promise<number | null>;
  webhookRetryDelayMs?: number;
  /**
   * No other instance can share the database (the embedded one, whose folder this process holds):
   * a live call from before this process started belongs to a process that died, and is lost at once.
   */
  alone?: boolean;
  /** Settles at once a call the carrier ended for an instance that died (the reconcile job's work, not left to the watch). */
  settleDropped?: (callSid: string) => Promise<unknown>;
  /** What talk time and limits are measured by: the real clock unless given (LOCAL_CARRIER_CLOCK=adjustable, tests). */
  clock?: CarrierClock;
}

function isBalanceEvent(data: unknown): boolean {
  return typeof data === "object" && data !== null && "type" in data && data.type === "balance";
}

/** The carrier's view of a call, in the words of Twilio's call resource. */
export interface CarrierCallState {
  status: "ringing" | "in-progress" | "completed" | "busy" | "no-answer" | "failed" | "canceled";
  durationSeconds: number;
}

/**
 * The local carrier: a telephone network inside the server. Calls are held by the
 * instance whose API request created their media; any instance can hang them up
 * (the bus carries the command to the holder) and read them (local_carrier_calls).
 */
export class LocalCarrierCalls {
  private readonly context: CarrierContext;
  private readonly live = new Map<string, LiveCall>();
  private readonly tracker = {
    add: (call: LiveCall) => void this.live.set(call.callSid, call),
    remove: (call: LiveCall) => {
      if (this.live.get(call.callSid) === call) this.live.delete(call.callSid);
    },
    get: (callSid: string) => this.live.get(callSid),
  };
  private readonly unsubscribe: () => void;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly recordInbound: RecordInbound | undefined;
  private readonly extendLimit: ((callSid: string) => Promise<number | null>) | undefined;
  private readonly settleDropped: ((callSid: string) => Promise<unknown>) | undefined;
  /** When this process started, if it is alone on its database (options.alone). */
  private readonly aloneSince: Date | null;
  private closed = false;

  constructor(options: LocalCarrierOptions) {
    this.recordInbound = options.recordInbound;
    this.extendLimit = options.extendLimit;
    this.settleDropped = options.settleDropped;
    this.aloneSince = options.alone ? new Date() : null;
    this.context = {
      db: options.db,
      bus: options.bus,
      log: options.log,
      publicUrl: options.publicUrl,
      gatePath: options.gatePath ?? "/webhooks/telephony/voice",
      accountSid: `AC${"0".repeat(32)}`,
      webhooks: carrierWebhooks({ app: options.app, publicUrl: options.publicUrl, authToken: options.secret, ...(options.webhookRetryDelayMs === undefined ? {} : { retryDelayMs: options.webhookRetryDelayMs }) }),
      store: callStore(options.db),
      timings: { ...FAR_END_TIMINGS, ...options.timings },
      media: options.media ?? {},
      incomingRingMs: options.incomingRingMs ?? 45_000,
      incomingLimitSeconds: options.incomingLimitSeconds ?? 3600,
      clock: options.clock ?? realCarrierClock,
    };
    // A command lost while the bus reconnected needs no catching up: a browser that hung up stops sending RTP, and the silence ends the call.
    // Credit that came in meanwhile does: every call held here is offered its limit again.
    this.unsubscribe = options.bus.subscribe(
      (message) => {
        if (message.topic === USER_EVENT_TOPIC && message.userId !== undefined && isBalanceEvent(message.data)) {
          this.creditAdded(message.userId);
          return;
        }
        if (message.topic !== LOCAL_CARRIER_COMMAND_TOPIC) return;
        const parsed = commandSchema.safeParse(message.data);
        if (parsed.success) this.obey(parsed.data);
      },
      () => {
        for (const call of this.live.values()) this.creditAdded(call.userId);
      },
    );
    let beats = 0;
    this.heartbeat = setInterval(() => {
      this.beat().catch((error: unknown) => this.context.log.error({ err: error }, "local carrier: heartbeat"));
      beats += 1;
      if (beats % PRUNE_EVERY_BEATS === 0) {
        this.context.store.prune(new Date(Date.now() - KEEP_ENDED_MS)).catch((error: unknown) => this.context.log.error({ err: error }, "local carrier: pruning ended calls"));
      }
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** How many calls this instance holds the media of. */
  get liveCount(): number {
    return this.live.size;
  }

  /** `params`: the device's call parameters beyond the number (its call grant), handed to the voice webhook as Twilio hands them. */
  dial(userId: string, to: string, offerSdp: string, params: { grant?: string } = {}): Promise<PlacedCall> {
    return placeCall(this.context, this.tracker, userId, to, offerSdp, params);
  }

  ring(userId: string, from: string, callSid?: string): Promise<{ callSid: string }> {
    return ringCustomer(this.context, this.tracker, this.recordInbound, userId, from, callSid);
  }

  answer(userId: string, callSid: string, offerSdp: string): Promise<{ callSid: string; sdp: string }> {
    return answerIncoming(this.context, this.tracker, this.recordInbound, userId, callSid, offerSdp);
  }

  /**
   * Hang up, cancel or decline: true when the call was live (and is now ending). Another customer's call is not found.
   * A call held by another instance is ended there; one whose instance died (no heartbeat, or no answer to the
   * hang-up within HANDOVER_MS while its heartbeat stood still) is ended here, where its record last saw it alive.
   */
  async hangUp(userId: string, callSid: string): Promise<boolean> {
    const stored = await this.owned(userId, callSid);
    if (stored.phase === "ended") return false;
    const call = this.live.get(callSid);
    // Held here, and in the phase the database has (not a copy left behind when another instance answered).
    if (call && call.phase === stored.phase) {
      await this.endByCustomer(call);
      return true;
    }
    if (this.holderAlive(stored)) {
      await this.context.bus.publish({ topic: LOCAL_CARRIER_COMMAND_TOPIC, data: { callSid, command: "hangup" } });
      if (await this.holderAnswers(callSid, stored.heartbeatAt)) return true;
    }
    const latest = await this.context.store.find(callSid);
    if (latest && latest.phase !== "ended") await this.endDropped(latest);
    await this.settleDropped?.(callSid);
    return true;
  }

  /** DTMF on a connected call: the caller hears their keys. False when the call is not connected. */
  async sendDigits(userId: string, callSid: string, digits: string): Promise<boolean> {
    const stored = await this.owned(userId, callSid);
    if (stored.phase !== "answered") return false;
    const call = this.live.get(callSid);
    if (call && call.phase === stored.phase) return call.peer?.playTones(dtmfFrames(digits)) ?? false;
    await this.context.bus.publish({ topic: LOCAL_CARRIER_COMMAND_TOPIC, data: { callSid, command: "digits", digits } });
    return true;
  }

  /** What the carrier knows of a call (the reconcile job asks); null for a call it never carried. */
  async fetchCall(callSid: string): Promise<CarrierCallState | null> {
    const stored = await this.context.store.find(callSid);
    if (!stored) return null;
    if (stored.phase === "ended") return { status: (stored.finalStatus ?? "failed") as CarrierCallState["status"], durationSeconds: stored.talkSeconds };
    if (this.holderAlive(stored)) {
      if (stored.phase !== "answered" || !stored.answeredAt) return { status: "ringing", durationSeconds: 0 };
      // Held here: the talk this carrier's clock measured. Held by another instance: its clock is its own, and the record's real time is what is known here.
      const held = this.live.get(callSid)?.answeredAt;
      const durationMs = held === undefined ? Date.now() - stored.answeredAt.getTime() : this.context.clock.now() - held;
      return { status: "in-progress", durationSeconds: Math.round(durationMs / 1000) };
    }
    return this.endDropped(stored);
  }

  /** What this carrier measured of the caller's audio, written as the call ended; a call that died with its instance has none. */
  async callQuality(callSid: string): Promise<CarrierQuality | "pending" | null> {
    const stored = await this.context.store.find(callSid);
    if (!stored) return null;
    if (stored.phase !== "ended") return "pending";
    return stored.mediaQuality ?? null;
  }

  /**
   * The carrier's clock was moved forward (LOCAL_CARRIER_CLOCK=adjustable): every call held here is
   * measured again, and one now past its limit has ended at exactly its limit when this returns.
   */
  async clockMoved(): Promise<void> {
    const moved = await Promise.allSettled([...this.live.values()].map((call) => call.clockMoved()));
    for (const result of moved) if (result.status === "rejected") this.context.log.error({ err: result.reason }, "local carrier: measuring a call after its clock moved");
  }

  /** Live calls whose instance stopped its heartbeat (it died): the watch has them settled at once. */
  lostCalls(): Promise<string[]> {
    return this.context.store.untouched(STALE_AFTER_MS, this.aloneSince);
  }

  /** Ends every call this instance holds (the server is stopping): the far end hangs up. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe();
    clearInterval(this.heartbeat);
    const ended = await Promise.allSettled([...this.live.values()].map((call) => this.endByCustomer(call, 31005)));
    for (const result of ended) if (result.status === "rejected") this.context.log.error({ err: result.reason }, "local carrier: ending a call at shutdown");
  }

  /** Touches the calls held here; one whose record ended elsewhere (a hang-up that took this instance for dead) stops here too. */
  private async beat(): Promise<void> {
    const held = [...this.live.keys()];
    const touched = await this.context.store.heartbeat(held);
    for (const callSid of held) {
      const call = this.live.get(callSid);
      if (call && !touched.has(callSid) && !call.ended) await call.end("completed");
    }
  }

  private holderAlive(stored: StoredLocalCall): boolean {
    if (this.live.has(stored.callSid)) return true;
    if (this.aloneSince && stored.heartbeatAt < this.aloneSince) return false;
    return Date.now() - stored.heartbeatAt.getTime() < STALE_AFTER_MS;
  }

  /** After a hang-up was sent to the holder: true once the call ended or the holder's heartbeat moved (it is alive and has the command). */
  private async holderAnswers(callSid: string, heartbeatBefore: Date): Promise<boolean> {
    const deadline = Date.now() + HANDOVER_MS;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = await this.context.store.find(callSid);
      if (!now || now.phase === "ended" || now.heartbeatAt.getTime() > heartbeatBefore.getTime()) return true;
    }
    return false;
  }

  /**
   * The instance holding the call died: the call dropped when that instance last said it was
   * alive (its heartbeat). An answered call talked until then, counted as the carrier counts
   * (whole seconds rounded up, at least one); an unanswered one failed. The record ends once.
   */
  private async endDropped(stored: StoredLocalCall): Promise<CarrierCallState> {
    const talkSeconds = stored.answeredAt ? Math.max(1, Math.ceil((stored.heartbeatAt.getTime() - stored.answeredAt.getTime()) / 1000)) : 0;
    const status = stored.answeredAt ? "completed" : "failed";
    await this.context.store.move(stored.callSid, ["incoming", "ringing", "answered"], "ended", { endedAt: stored.heartbeatAt, finalStatus: status, talkSeconds });
    const ended = await this.context.store.find(stored.callSid);
    return { status: (ended?.finalStatus ?? status) as CarrierCallState["status"], durationSeconds: ended?.talkSeconds ?? talkSeconds };
  }

  private async owned(userId: string, callSid: string) {
    const stored = await this.context.store.find(callSid);
    if (!stored || stored.userId !== userId) throw new AppError(404, "call_not_found", "There is no such call");
    return stored;
  }

  /**
   * The customer's balance moved: a live outgoing call held here may talk longer. The
   * server decides the new limit (the call log and the balance, locked); the carrier
   * only follows it. A balance that fell changes nothing (limits never shrink).
   */
  private creditAdded(userId: string): void {
    const extend = this.extendLimit;
    if (!extend) return;
    for (const call of this.live.values()) {
      if (call.userId !== userId || call.direction !== "outbound" || call.ended || !call.leg) continue;
      extend(call.callSid)
        .then((limit) => {
          if (limit !== null && call.raiseLimit(limit)) this.context.log.info({ callSid: call.callSid, timeLimitSeconds: limit }, "local carrier: credit added during the call raised its limit");
        })
        .catch((error: unknown) => this.context.log.error({ err: error, callSid: call.callSid }, "local carrier: raising a call's limit"));
    }
  }

  private obey(command: z.infer<typeof commandSchema>): void {
    const call = this.live.get(command.callSid);
    if (!call) return;
    if (command.command === "hangup") void this.endByCustomer(call);
    else if (command.digits) call.peer?.playTones(dtmfFrames(command.digits));
  }

  private async endByCustomer(call: LiveCall, errorCode: number | null = null): Promise<void> {
    if (call.phase === "answered") await call.end("completed", { errorCode });
    // Declining a call that rings the customer: the caller hears busy, as on Twilio.
    else if (call.direction === "inbound") await call.end("busy", { errorCode });
    else await call.end("canceled", { errorCode });
  }
}
