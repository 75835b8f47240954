import { vi } from "vitest";
import type { CallQuality } from "../../../shared/api/calls";
import { useLiveEvents } from "../../lib/live-events";
import { DeviceStateMachine } from "../../lib/voice/device-state";
import { Emitter } from "../../lib/voice/emitter";
import type { CallHandleStatus, VoiceCall, VoiceCallEvents, VoiceDevice, VoiceToken } from "../../lib/voice/voice-device";

/**
 * Test doubles for the call section: a voice device and call the test drives by hand,
 * and a live-event stream it can push server events into.
 */
export class FakeCall extends Emitter<VoiceCallEvents> implements VoiceCall {
  readonly direction: "outbound" | "inbound";
  state: CallHandleStatus = "connecting";
  muted = false;
  disconnect = vi.fn(() => this.end());
  sendDigits = vi.fn((_digits: string) => Promise.resolve());
  /** `from`: someone ringing the customer (an incoming call); null for the customer's own call. */
  constructor(
    private sid: string | null,
    readonly from: string | null = null,
  ) {
    super();
    this.direction = from === null ? "outbound" : "inbound";
  }
  callSid() {
    return this.sid;
  }
  status() {
    return this.state;
  }
  accept() {
    return Promise.resolve();
  }
  reject() {
    this.end();
  }
  mute(muted: boolean) {
    this.muted = muted;
  }
  isMuted() {
    return this.muted;
  }
  stats(): CallQuality {
    return { rttMs: 40, jitterMs: 3, packetLoss: 0.01, mos: null, packetsSent: 3000, packetsReceived: 2990 };
  }
  /** The test plays the carrier. */
  fire<K extends keyof VoiceCallEvents>(event: K, payload: VoiceCallEvents[K]) {
    if (event === "accept") this.state = "open";
    this.emit(event, payload);
  }
  private end() {
    if (this.state === "closed") return;
    this.state = "closed";
    this.emit("disconnect", undefined);
  }
}

export class FakeDevice extends DeviceStateMachine implements VoiceDevice {
  static last: FakeDevice | null = null;
  readonly carrier = "local" as const;
  calls: FakeCall[] = [];
  connect = vi.fn((_to: string) => {
    const call = new FakeCall(`CA${"b".repeat(32)}`);
    this.calls.push(call);
    this.track(call);
    this.setState("connecting");
    return Promise.resolve<VoiceCall>(call);
  });
  constructor() {
    super();
    FakeDevice.last = this;
  }
  /** Set to make the next devices fail to start, as when the voice SDK cannot be loaded. */
  static failWith: Error | null = null;
  /** Set to keep the next devices starting until it settles, as on a slow phone. */
  static startsAfter: Promise<void> | null = null;
  register() {
    if (FakeDevice.failWith) return Promise.reject(FakeDevice.failWith);
    return (FakeDevice.startsAfter ?? Promise.resolve()).then(() => this.emit("registered", undefined));
  }
  /** The carrier rings the customer. */
  ring(from: string, sid = `CA${"c".repeat(32)}`): FakeCall {
    const call = new FakeCall(sid, from);
    this.calls.push(call);
    this.emit("incoming", call);
    return call;
  }
  /** The tokens (with their call grants) the session handed the device after its first. */
  updateToken = vi.fn((_token: VoiceToken) => {});
  destroy() {}
}

export class FakeEventSource extends EventTarget {
  static last: FakeEventSource | null = null;
  readyState = 1;
  constructor() {
    super();
    FakeEventSource.last = this;
  }
  close() {
    this.readyState = 2;
  }
  emit(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const source = () => new FakeEventSource() as unknown as EventSource;

/** The app shell's live-event stream, on a fake source. */
export function LiveEventsProbe() {
  useLiveEvents(true, source);
  return null;
}
