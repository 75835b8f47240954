import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api-client";
import type { LocalCallEvent, LocalSignalling } from "./local-signalling";
import { LocalVoiceDevice } from "./local-voice-device";
import type { DeviceState, VoiceError, VoiceToken } from "./voice-device";

const SID = `CA${"a".repeat(32)}`;
const token: VoiceToken = { token: "tok", identity: "user-1", grant: "grant-1", carrier: "local", expiresAt: Date.now() + 3_600_000 };

/** A stand-in for the browser's RTCPeerConnection: enough of it for offer/answer and stats. */
class FakePeerConnection extends EventTarget {
  static last: FakePeerConnection | null = null;
  iceGatheringState: RTCIceGatheringState = "complete";
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  tracks: MediaStreamTrack[] = [];
  closed = false;
  constructor() {
    super();
    FakePeerConnection.last = this;
  }
  addTrack(track: MediaStreamTrack) {
    this.tracks.push(track);
  }
  createOffer() {
    return Promise.resolve({ type: "offer" as const, sdp: "v=0 offer" });
  }
  setLocalDescription(description: RTCSessionDescriptionInit) {
    this.localDescription = description;
    return Promise.resolve();
  }
  setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remoteDescription = description;
    return Promise.resolve();
  }
  getStats() {
    const entries = new Map<string, Record<string, unknown>>([
      ["r", { type: "remote-inbound-rtp", kind: "audio", roundTripTime: 0.04 }],
      ["i", { type: "inbound-rtp", kind: "audio", jitter: 0.003, packetsReceived: 980, packetsLost: 20 }],
      ["o", { type: "outbound-rtp", kind: "audio", packetsSent: 1000 }],
    ]);
    return Promise.resolve(entries as unknown as RTCStatsReport);
  }
  close() {
    this.closed = true;
  }
}

function fakeMicrophone() {
  const track = { enabled: true, stop: vi.fn(), kind: "audio" } as unknown as MediaStreamTrack;
  return { stream: { getAudioTracks: () => [track], getTracks: () => [track] } as unknown as MediaStream, track };
}

function fakeSignalling(dial: LocalSignalling["dial"] = () => Promise.resolve({ callSid: SID, sdp: "v=0 answer" })) {
  let listener: ((event: LocalCallEvent) => void) | null = null;
  const signalling = {
    dial: vi.fn(dial),
    answer: vi.fn(() => Promise.resolve({ callSid: SID, sdp: "v=0 answer" })),
    hangUp: vi.fn(() => Promise.resolve()),
    sendDigits: vi.fn(() => Promise.resolve()),
    listen: vi.fn((next: (event: LocalCallEvent) => void) => {
      listener = next;
      return () => (listener = null);
    }),
  };
  const push = (event: Partial<LocalCallEvent> & Pick<LocalCallEvent, "state">) => listener?.({ callSid: SID, from: null, errorCode: null, ...event });
  return { signalling, push };
}

async function setUp(dial?: LocalSignalling["dial"]) {
  const { signalling, push } = fakeSignalling(dial);
  const mic = fakeMicrophone();
  const device = new LocalVoiceDevice(token, {
    signalling,
    openMicrophone: () => Promise.resolve(mic.stream),
    createPeerConnection: () => new FakePeerConnection() as unknown as RTCPeerConnection,
    statsIntervalMs: 1000,
  });
  const states: DeviceState[] = [];
  device.on("state", (state) => states.push(state));
  const registered = vi.fn();
  device.on("registered", registered);
  await device.register();
  return { device, signalling, push, mic, states, registered };
}

describe("LocalVoiceDevice", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("is ready once it listens, and moves idle → connecting → ringing → connected → disconnected → idle after 1 s", async () => {
    const { device, signalling, push, mic, states, registered } = await setUp();
    expect(registered).toHaveBeenCalledOnce();
    const call = await device.connect("+447700900123");
    await vi.advanceTimersByTimeAsync(0);
    expect(signalling.dial).toHaveBeenCalledWith("tok", "+447700900123", "v=0 offer", "grant-1");
    expect(FakePeerConnection.last?.remoteDescription).toEqual({ type: "answer", sdp: "v=0 answer" });
    expect(call.callSid()).toBe(SID);
    push({ state: "ringing" });
    push({ state: "answered" });
    expect(call.status()).toBe("open");
    await vi.advanceTimersByTimeAsync(3000);
    call.mute(true);
    expect(mic.track.enabled).toBe(false);
    await call.sendDigits("1#");
    expect(signalling.sendDigits).toHaveBeenCalledWith("tok", SID, "1#");
    call.disconnect();
    await vi.advanceTimersByTimeAsync(0);
    expect(signalling.hangUp).toHaveBeenCalledWith("tok", SID);
    expect(FakePeerConnection.last?.closed).toBe(true);
    expect(mic.track.stop).toHaveBeenCalled();
    expect(states).toEqual(["connecting", "ringing", "connected", "disconnected"]);
    await vi.advanceTimersByTimeAsync(999);
    expect(device.state).toBe("disconnected");
    await vi.advanceTimersByTimeAsync(1);
    expect(states.at(-1)).toBe("idle");
    expect(call.stats()).toEqual({ rttMs: 40, jitterMs: 3, packetLoss: 0.02, mos: null, packetsSent: 1000, packetsReceived: 980 });
  });

  it("keeps carrier events that arrive before the dial answers and replays them", async () => {
    let answer: (value: { callSid: string; sdp: string }) => void = () => undefined;
    const { device, push, states } = await setUp(() => new Promise((resolve) => (answer = resolve)));
    await device.connect("+15005550006");
    await vi.advanceTimersByTimeAsync(0);
    push({ state: "ringing" });
    expect(states).toEqual(["connecting"]);
    answer({ callSid: SID, sdp: "v=0 answer" });
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual(["connecting", "ringing"]);
  });

  it("reports the carrier's error code when a call ends with one (busy)", async () => {
    const { device, push, states } = await setUp();
    const errors: VoiceError[] = [];
    (await device.connect("+447700900486")).on("error", (error) => errors.push(error));
    await vi.advanceTimersByTimeAsync(0);
    push({ state: "ringing" });
    push({ state: "ended", errorCode: 31486 });
    await vi.advanceTimersByTimeAsync(0);
    expect(errors.map((error) => error.code)).toEqual([31486]);
    expect(states).toEqual(["connecting", "ringing", "disconnected"]);
  });

  it("turns a refused token into 20101 and ends the call", async () => {
    const { device, states } = await setUp(() => Promise.reject(new ApiError(401, "token_invalid", "bad token")));
    const errors: VoiceError[] = [];
    (await device.connect("+447700900123")).on("error", (error) => errors.push(error));
    await vi.advanceTimersByTimeAsync(0);
    expect(errors[0]?.code).toBe(20101);
    expect(states).toEqual(["connecting", "disconnected"]);
  });

  it("rings for an incoming call, answers it with an offer, and a declined one hangs up", async () => {
    const { device, signalling, push, states } = await setUp();
    const incoming = vi.fn();
    device.on("incoming", incoming);
    push({ state: "incoming", from: "+447700900123" });
    expect(states).toEqual(["ringing"]);
    const call = incoming.mock.calls[0]?.[0];
    expect(call.from).toBe("+447700900123");
    await call.accept();
    expect(signalling.answer).toHaveBeenCalledWith("tok", SID, "v=0 offer");
    expect(states).toEqual(["ringing", "connected"]);
    push({ state: "ended" });
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual(["ringing", "connected", "disconnected"]);

    await vi.advanceTimersByTimeAsync(1000);
    push({ state: "incoming", from: "+12025550123" });
    const second = incoming.mock.calls[1]?.[0];
    second.reject();
    await vi.advanceTimersByTimeAsync(0);
    expect(signalling.hangUp).toHaveBeenCalledTimes(1);
    expect(states.slice(-2)).toEqual(["ringing", "disconnected"]);
  });

  it("cancels a call that is still dialling: the carrier hears the hang-up once it gave a sid", async () => {
    let answer: (value: { callSid: string; sdp: string }) => void = () => undefined;
    const { device, signalling, states } = await setUp(() => new Promise((resolve) => (answer = resolve)));
    const call = await device.connect("+447700900123");
    await vi.advanceTimersByTimeAsync(0);
    call.disconnect();
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual(["connecting", "disconnected"]);
    answer({ callSid: SID, sdp: "v=0 answer" });
    await vi.advanceTimersByTimeAsync(0);
    expect(signalling.hangUp).toHaveBeenCalledWith("tok", SID);
  });
});
