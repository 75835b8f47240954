import type { CallQuality } from "../../../shared/api/calls";
import { sampleFromStats, QualityMeter } from "./call-quality";
import { Emitter } from "./emitter";
import { signallingError, type LocalCallEvent, type LocalSignalling } from "./local-signalling";
import type { CallDirection, CallHandleStatus, VoiceCall, VoiceCallEvents } from "./voice-device";

export interface LocalCallDeps {
  signalling: LocalSignalling;
  token: () => string;
  /** The call grant that came with the token, sent with a call placed (voice-device.ts). */
  grant: () => string;
  openMicrophone: () => Promise<MediaStream>;
  createPeerConnection: () => RTCPeerConnection;
  /** How often the media statistics are read during a call. */
  statsIntervalMs?: number;
}

/** ICE gathering normally ends in milliseconds on our own server's peer; never wait longer than this. */
const ICE_GATHERING_LIMIT_MS = 3000;

function iceGathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve();
    };
    const check = () => {
      if (pc.iceGatheringState === "complete") done();
    };
    const timer = setTimeout(done, ICE_GATHERING_LIMIT_MS);
    pc.addEventListener("icegatheringstatechange", check);
  });
}

/**
 * A call through the local carrier: an ordinary RTCPeerConnection to the WebRTC peer
 * inside our server, offer and answer exchanged over our API, progress heard as
 * `local_carrier.call` live events.
 */
export class LocalCall extends Emitter<VoiceCallEvents> implements VoiceCall {
  private sid: string | null;
  private current: CallHandleStatus;
  private pc: RTCPeerConnection | null = null;
  private microphone: MediaStream | null = null;
  private muted = false;
  private statsTimer: ReturnType<typeof setInterval> | undefined;
  private readonly meter = new QualityMeter();
  /** Events that arrived before the carrier told us this call's sid. */
  private early: LocalCallEvent[] = [];

  constructor(
    readonly direction: CallDirection,
    private readonly deps: LocalCallDeps,
    init: { callSid?: string; from?: string | null } = {},
  ) {
    super();
    this.sid = init.callSid ?? null;
    this.from = init.from ?? null;
    this.current = direction === "inbound" ? "pending" : "connecting";
  }

  readonly from: string | null;

  callSid(): string | null {
    return this.sid;
  }

  status(): CallHandleStatus {
    return this.current;
  }

  /** Places the outbound call: microphone, offer, the carrier's answer. */
  async dial(to: string): Promise<void> {
    try {
      const offer = await this.openPeer();
      const answer = await this.deps.signalling.dial(this.deps.token(), to, offer, this.deps.grant());
      this.sid = answer.callSid;
      if (this.current === "closed") {
        // Cancelled while the dial was on its way: end it at the carrier too.
        void this.deps.signalling.hangUp(this.deps.token(), answer.callSid).catch(() => undefined);
        return;
      }
      await this.pc?.setRemoteDescription({ type: "answer", sdp: answer.sdp });
      const early = this.early;
      this.early = [];
      for (const event of early) this.handle(event);
    } catch (error) {
      if (this.current === "closed") return;
      this.emit("error", signallingError(error));
      await this.end(false);
    }
  }

  /** A carrier event; the device routes to the call with the same sid, or to the call still dialling. */
  handle(event: LocalCallEvent): void {
    if (this.current === "closed") return;
    if (this.sid === null) {
      this.early.push(event);
      return;
    }
    if (event.callSid !== this.sid) return;
    if (event.state === "ringing" && this.current === "connecting") {
      this.current = "ringing";
      this.emit("ringing", undefined);
    } else if (event.state === "answered" && this.current !== "open") {
      this.current = "open";
      this.startStats();
      this.emit("accept", undefined);
    } else if (event.state === "ended") {
      if (event.errorCode !== null) this.emit("error", { code: event.errorCode, message: `call ended with ${event.errorCode}` });
      else if (this.direction === "inbound" && this.current === "pending") this.emit("cancel", undefined);
      void this.end(false);
    }
  }

  async accept(): Promise<void> {
    if (this.direction !== "inbound" || this.current !== "pending" || this.sid === null) return;
    this.current = "connecting";
    try {
      const offer = await this.openPeer();
      const answer = await this.deps.signalling.answer(this.deps.token(), this.sid, offer);
      await this.pc?.setRemoteDescription({ type: "answer", sdp: answer.sdp });
      if (this.current === "connecting") {
        this.current = "open";
        this.startStats();
        this.emit("accept", undefined);
      }
    } catch (error) {
      if (this.status() === "closed") return;
      this.emit("error", signallingError(error));
      await this.end(true);
    }
  }

  reject(): void {
    void this.end(true);
  }

  disconnect(): void {
    void this.end(true);
  }

  mute(muted: boolean): void {
    this.muted = muted;
    for (const track of this.microphone?.getAudioTracks() ?? []) track.enabled = !muted;
  }

  isMuted(): boolean {
    return this.muted;
  }

  async sendDigits(digits: string): Promise<void> {
    if (this.current !== "open" || this.sid === null) throw new Error("no connected call");
    await this.deps.signalling.sendDigits(this.deps.token(), this.sid, digits);
  }

  stats(): CallQuality {
    return this.meter.summary();
  }

  private async openPeer(): Promise<string> {
    this.microphone = await this.deps.openMicrophone();
    const pc = this.deps.createPeerConnection();
    this.pc = pc;
    for (const track of this.microphone.getAudioTracks()) pc.addTrack(track, this.microphone);
    // Play what the carrier sends: ringback, then the far end (or our own echo on a test call).
    pc.addEventListener("track", (event) => playRemote(event.streams[0] ?? new MediaStream([event.track])));
    await pc.setLocalDescription(await pc.createOffer());
    await iceGathered(pc);
    const sdp = pc.localDescription?.sdp;
    if (!sdp) throw new Error("no local description");
    return sdp;
  }

  private startStats(): void {
    const pc = this.pc;
    if (!pc) return;
    clearInterval(this.statsTimer);
    this.statsTimer = setInterval(() => void this.sample(), this.deps.statsIntervalMs ?? 2000);
  }

  private async sample(): Promise<void> {
    if (!this.pc) return;
    try {
      this.meter.add(sampleFromStats(await this.pc.getStats()));
    } catch {
      // A closed connection has no stats; the summary keeps what was read before.
    }
  }

  /** Ends the call once: tells the carrier when we are the side hanging up, reads the last stats, frees the media. */
  private async end(tellCarrier: boolean): Promise<void> {
    if (this.current === "closed") return;
    const wasOpen = this.current === "open";
    this.current = "closed";
    clearInterval(this.statsTimer);
    if (tellCarrier && this.sid !== null) void this.deps.signalling.hangUp(this.deps.token(), this.sid).catch(() => undefined);
    if (wasOpen) await this.sample();
    this.pc?.close();
    this.pc = null;
    for (const track of this.microphone?.getTracks() ?? []) track.stop();
    this.microphone = null;
    stopRemote();
    this.emit("disconnect", undefined);
  }
}

let remoteAudio: HTMLAudioElement | null = null;

function playRemote(stream: MediaStream): void {
  if (typeof document === "undefined") return;
  remoteAudio ??= Object.assign(document.createElement("audio"), { autoplay: true });
  remoteAudio.srcObject = stream;
  void remoteAudio.play?.()?.catch(() => undefined);
}

function stopRemote(): void {
  if (remoteAudio) remoteAudio.srcObject = null;
}
