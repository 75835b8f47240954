import type { Call, RTCSample } from "@twilio/voice-sdk";
import type { CallQuality } from "../../../shared/api/calls";
import { QualityMeter } from "./call-quality";
import { Emitter } from "./emitter";
import type { CallHandleStatus, VoiceCall, VoiceCallEvents } from "./voice-device";

/** Twilio's `sample` (once a second) as one quality reading; Twilio's jitter and RTT are already milliseconds. */
export function sampleFromTwilio(sample: RTCSample) {
  return {
    rttMs: Number.isFinite(sample.rtt) ? sample.rtt : null,
    jitterMs: Number.isFinite(sample.jitter) ? sample.jitter : null,
    mos: sample.mos,
    packetsSent: sample.totals.packetsSent,
    packetsReceived: sample.totals.packetsReceived,
    packetsLost: sample.totals.packetsLost,
  };
}

/** Wraps a Twilio Call in our VoiceCall: the same events, its samples summarised as CallQuality. */
export class TwilioCall extends Emitter<VoiceCallEvents> implements VoiceCall {
  private readonly meter = new QualityMeter();
  private ended = false;
  readonly from: string | null;

  constructor(
    private readonly call: Call,
    readonly direction: "outbound" | "inbound",
  ) {
    super();
    this.from = direction === "inbound" ? (call.parameters.From ?? null) : null;
    call.on("sample", (sample: RTCSample) => this.meter.add(sampleFromTwilio(sample)));
    call.on("ringing", () => this.emit("ringing", undefined));
    call.on("accept", () => this.emit("accept", undefined));
    call.on("error", (error: { code?: number; message?: string }) => this.emit("error", { code: error.code ?? 31005, message: error.message ?? "" }));
    call.on("cancel", () => {
      this.emit("cancel", undefined);
      this.finish();
    });
    call.on("disconnect", () => this.finish());
    call.on("reject", () => this.finish());
  }

  callSid(): string | null {
    return this.call.parameters.CallSid ?? null;
  }

  status(): CallHandleStatus {
    return this.call.status() as CallHandleStatus;
  }

  accept(): Promise<void> {
    this.call.accept();
    return Promise.resolve();
  }

  reject(): void {
    this.call.reject();
    // Twilio's reject does not always emit an event of its own for the caller.
    this.finish();
  }

  disconnect(): void {
    this.call.disconnect();
  }

  mute(muted: boolean): void {
    this.call.mute(muted);
  }

  isMuted(): boolean {
    return this.call.isMuted();
  }

  sendDigits(digits: string): Promise<void> {
    try {
      this.call.sendDigits(digits);
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  stats(): CallQuality {
    return this.meter.summary();
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.emit("disconnect", undefined);
  }
}
