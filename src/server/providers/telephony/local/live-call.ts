import type { LocalCallPhase } from "../../../db/schema/local-carrier";
import { tellDevice, type CarrierContext } from "./carrier-context";
import type { MediaPeer } from "./media-peer";

/** How the dialled leg ended, in the words of Twilio's status callback. */
export type FinalStatus = "completed" | "busy" | "no-answer" | "failed" | "canceled";

/** How a call ends: the device's error code, the talk time to bill (the limit), the far end's SIP answer. */
interface EndOptions {
  errorCode?: number | null;
  talkSeconds?: number;
  sipResponseCode?: string;
}

/** What the far end of an outbound call reports to our status webhook: its dialled leg. */
export interface DialledLeg {
  callSid: string;
  number: string;
  callerId: string | null;
  statusCallback: string | null;
  timeLimitSeconds: number;
}

/**
 * One call this server instance holds the media of: its timers, its peer, and the
 * one way it ends. Ending is idempotent and decided by the database (the phase moves
 * to ended once), so a hang-up, the time limit, a silent browser and the far end's
 * outcome can race and only the first counts.
 */
export class LiveCall {
  phase: LocalCallPhase;
  peer: MediaPeer | undefined;
  leg: DialledLeg | undefined;
  answeredAt: number | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();
  private statusPosts: Promise<void> = Promise.resolve();
  private transitions: Promise<unknown> = Promise.resolve();
  private sequence = 0;

  constructor(
    readonly context: CarrierContext,
    readonly callSid: string,
    readonly userId: string,
    readonly direction: "outbound" | "inbound",
    /** The other party: who was dialled, or who is calling. */
    readonly remoteNumber: string,
    phase: LocalCallPhase,
    private readonly onGone: (call: LiveCall) => void,
    /** Records an incoming call's progress in the call history (outbound calls are recorded by the status webhook). */
    private readonly recordInbound?: (call: LiveCall, status: FinalStatus | "answered", talkSeconds: number) => Promise<void>,
  ) {
    this.phase = phase;
  }

  get ended(): boolean {
    return this.phase === "ended";
  }

  /** Runs `run` in `ms` (real time), unless the call's timers are cleared first; a failure is logged as `failure`. */
  after(ms: number, run: () => Promise<void> | void, failure = "local carrier: a call step failed"): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void Promise.resolve()
        .then(run)
        .catch((error: unknown) => this.context.log.error({ err: error, callSid: this.callSid }, failure));
    }, ms);
    timer.unref();
    this.timers.add(timer);
    return timer;
  }

  /** Replaces `previous` with a timer that runs `run` once the carrier's clock reads `dueOnClock`. */
  private armAt(previous: NodeJS.Timeout | undefined, dueOnClock: number, run: () => Promise<void>, failure: string): NodeJS.Timeout {
    if (previous) {
      clearTimeout(previous);
      this.timers.delete(previous);
    }
    return this.after(Math.max(0, dueOnClock - this.context.clock.now()), run, failure);
  }

  private limitTimer: NodeJS.Timeout | undefined;
  /** When the caller of an incoming call nobody answers gives up, on the carrier's clock. */
  private givesUpAt: number | undefined;
  private giveUpTimer: NodeJS.Timeout | undefined;

  /**
   * An incoming call rings for `ms` on the carrier's clock, then its caller gives up (no-answer),
   * unless a device answers first (which clears the call's timers). On the clock, like a time
   * limit, so a test that moves the clock sees the call missed without waiting out the ring.
   */
  ringFor(ms: number): void {
    this.givesUpAt = this.context.clock.now() + ms;
    this.armGiveUp();
  }

  private armGiveUp(): void {
    if (this.givesUpAt === undefined || this.phase !== "incoming") return;
    this.giveUpTimer = this.armAt(this.giveUpTimer, this.givesUpAt, () => this.giveUp(), "local carrier: giving up an unanswered call");
  }

  /** If another instance answered meanwhile, the database says so and ending does nothing. */
  private async giveUp(): Promise<void> {
    if (this.phase === "incoming") await this.end("no-answer");
  }

  /** The most this call may talk: its dialled leg's limit, or the carrier's own cap on a free incoming call. */
  private get limitSeconds(): number | undefined {
    return this.leg?.timeLimitSeconds ?? (this.direction === "inbound" ? this.context.incomingLimitSeconds : undefined);
  }

  /**
   * The carrier's cut-off: once the call has talked its time limit, it ends as completed at
   * exactly that many seconds. Armed at answer and again whenever the limit is raised (credit
   * added during the call) or the carrier's clock moves, so only the latest limit and time count.
   */
  enforceLimit(): void {
    const limitSeconds = this.limitSeconds;
    if (limitSeconds === undefined || this.answeredAt === undefined || this.ended) return;
    this.limitTimer = this.armAt(this.limitTimer, this.answeredAt + limitSeconds * 1000, () => this.endAtLimit(limitSeconds), "local carrier: ending a call at its limit");
  }

  /**
   * The carrier's clock jumped forward: a call now past its limit, or ringing past the time its
   * caller waits, ends there before this returns (so whoever moved the clock sees the call's end);
   * any other is re-armed.
   */
  async clockMoved(): Promise<void> {
    if (this.phase === "incoming" && this.givesUpAt !== undefined) {
      if (this.context.clock.now() >= this.givesUpAt) await this.giveUp();
      else this.armGiveUp();
      return;
    }
    const limitSeconds = this.limitSeconds;
    if (limitSeconds === undefined || this.answeredAt === undefined || this.ended) return;
    if (this.context.clock.now() >= this.answeredAt + limitSeconds * 1000) await this.endAtLimit(limitSeconds);
    else this.enforceLimit();
  }

  private async endAtLimit(limitSeconds: number): Promise<void> {
    await this.end("completed", { talkSeconds: limitSeconds });
  }

  /** The gate's successor raised the limit (extendLiveCallLimit): talk may go on until the new one. Never lowers it. */
  raiseLimit(timeLimitSeconds: number): boolean {
    if (!this.leg || this.ended || timeLimitSeconds <= this.leg.timeLimitSeconds) return false;
    this.leg.timeLimitSeconds = timeLimitSeconds;
    this.enforceLimit();
    return true;
  }

  clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** Posts one status event of the dialled leg, in order after the ones before it. */
  postStatus(status: "initiated" | "ringing" | "in-progress" | FinalStatus, talkSeconds?: number, sipResponseCode?: string): Promise<void> {
    const leg = this.leg;
    if (!leg?.statusCallback) return Promise.resolve();
    const form: Record<string, string> = {
      AccountSid: this.context.accountSid,
      ApiVersion: "2010-04-01",
      CallSid: leg.callSid,
      ParentCallSid: this.callSid,
      CallStatus: status,
      Direction: "outbound-dial",
      From: leg.callerId ?? "",
      To: leg.number,
      Called: leg.number,
      Timestamp: new Date().toUTCString(),
      SequenceNumber: String(this.sequence++),
      CallbackSource: "call-progress-events",
      ...(talkSeconds === undefined ? {} : { CallDuration: String(talkSeconds), Duration: String(Math.ceil(talkSeconds / 60)) }),
      ...(sipResponseCode === undefined ? {} : { SipResponseCode: sipResponseCode }),
    };
    const url = leg.statusCallback;
    this.statusPosts = this.statusPosts.then(async () => {
      const answer = await this.context.webhooks.post(url, form).catch((error: unknown) => ({ statusCode: 0, body: String(error) }));
      if (answer.statusCode !== 200) this.context.log.error({ callSid: this.callSid, status, statusCode: answer.statusCode, body: answer.body.slice(0, 500) }, "local carrier: the status webhook did not take an event");
    });
    return this.statusPosts;
  }

  /** Talk time so far, whole seconds (Twilio's CallDuration), never above the limit. */
  talkSeconds(now = this.context.clock.now()): number {
    if (this.answeredAt === undefined) return 0;
    // Whole seconds rounded up, as carriers count them: an answered call lasted at least one.
    const seconds = Math.max(1, Math.ceil((now - this.answeredAt) / 1000));
    const limitSeconds = this.limitSeconds;
    return limitSeconds === undefined ? seconds : Math.min(seconds, limitSeconds);
  }

  /**
   * Runs the call's transitions one after another: an answer and a hang-up arriving
   * together must not each see the phase the other is leaving.
   */
  private serial<T>(step: () => Promise<T>): Promise<T> {
    const run = this.transitions.then(step, step);
    this.transitions = run.catch(() => undefined);
    return run;
  }

  /** Marks the call answered (once): false when it ended first. */
  answered(): Promise<boolean> {
    return this.serial(() => this.answer());
  }

  private async answer(): Promise<boolean> {
    if (this.ended) return false;
    // The record keeps the real moment (heartbeats, which it is compared with, are real time);
    // talk is measured on the carrier's clock from the moment it read then.
    const answeredAt = new Date();
    const answeredOnClock = this.context.clock.now();
    const moved = await this.context.store.move(this.callSid, ["incoming", "ringing"], "answered", { answeredAt });
    if (!moved) return false;
    this.phase = "answered";
    this.answeredAt = answeredOnClock;
    this.peer?.echo();
    if (this.direction === "outbound") await this.postStatus("in-progress");
    else await this.recordInbound?.(this, "answered", 0);
    await tellDevice(this.context, this.userId, { callSid: this.callSid, state: "answered", from: null, errorCode: null });
    return true;
  }

  /**
   * Ends the call: the phase moves to ended (only the first ending gets past this),
   * the media stops, the dialled leg's final status is posted, and the device told.
   * `talkSeconds` overrides the measured talk time (the time limit ends at exactly the limit).
   */
  end(status: FinalStatus, options: EndOptions = {}): Promise<boolean> {
    return this.serial(() => this.finish(status, options));
  }

  private async finish(status: FinalStatus, options: EndOptions): Promise<boolean> {
    if (this.ended) return false;
    const talkSeconds = status === "completed" ? (options.talkSeconds ?? this.talkSeconds()) : 0;
    // Only from the phase this instance saw: a copy left behind on the instance that rang the customer, after another one answered, ends nothing.
    const mediaQuality = this.peer?.receiveQuality() ?? null;
    const moved = await this.context.store.move(this.callSid, [this.phase], "ended", { endedAt: new Date(), finalStatus: status, talkSeconds, mediaQuality });
    this.phase = "ended";
    this.clearTimers();
    this.onGone(this);
    await this.peer?.close().catch(() => undefined);
    if (!moved) return false;
    if (this.direction === "outbound") await this.postStatus(status, talkSeconds, options.sipResponseCode);
    else await this.recordInbound?.(this, status, talkSeconds);
    await tellDevice(this.context, this.userId, { callSid: this.callSid, state: "ended", from: null, errorCode: options.errorCode ?? null });
    return true;
  }
}
