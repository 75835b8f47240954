import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as TwilioSdk from "@twilio/voice-sdk";
import { AUDIO_CONSTRAINTS } from "./audio";
import { TwilioVoiceDevice, VoiceSdkLoadError } from "./twilio-voice-device";
import type { DeviceState, VoiceToken } from "./voice-device";

/** The SDK's objects are Node-style emitters: on(name, listener) and emit(name, ...args). */
class EventEmitter {
  private readonly handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  on(name: string, listener: (...args: never[]) => void) {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), listener as (...args: unknown[]) => void]);
    return this;
  }
  emit(name: string, ...args: unknown[]) {
    for (const listener of this.handlers.get(name) ?? []) listener(...args);
    return true;
  }
}

const token: VoiceToken = { token: "jwt", identity: "u1", grant: "grant-u1", carrier: "twilio", expiresAt: Date.now() + 3_600_000 };

/** Just enough of the Voice SDK's Call: events, parameters, state, and the calls our wrapper makes. */
class SdkCall extends EventEmitter {
  parameters: Record<string, string> = { CallSid: "CA123" };
  private muted = false;
  state = "connecting";
  accept = vi.fn();
  reject = vi.fn();
  disconnect = vi.fn(() => this.emit("disconnect", this));
  sendDigits = vi.fn();
  mute(value = true) {
    this.muted = value;
  }
  isMuted() {
    return this.muted;
  }
  status() {
    return this.state;
  }
}

function fakeSdk() {
  const created: { token: string; options: Record<string, unknown>; device: EventEmitter & Record<string, unknown> }[] = [];
  const calls: SdkCall[] = [];
  class Device extends EventEmitter {
    audio = { setAudioConstraints: vi.fn(() => Promise.resolve()) };
    register = vi.fn(() => {
      queueMicrotask(() => this.emit("registered"));
      return Promise.resolve();
    });
    connect = vi.fn(() => {
      const call = new SdkCall();
      calls.push(call);
      return Promise.resolve(call);
    });
    updateToken = vi.fn();
    destroy = vi.fn();
    constructor(jwt: string, options: Record<string, unknown>) {
      super();
      created.push({ token: jwt, options, device: this as unknown as EventEmitter & Record<string, unknown> });
    }
  }
  class Call {
    static Codec = { Opus: "opus", PCMU: "pcmu" };
  }
  const load = vi.fn(() => Promise.resolve({ Device, Call } as unknown as typeof TwilioSdk));
  return { load, created, calls };
}

describe("TwilioVoiceDevice", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("loads the SDK only when it registers, with opus then PCMU and the spec's microphone", async () => {
    const sdk = fakeSdk();
    const device = new TwilioVoiceDevice(token, sdk.load);
    expect(sdk.load).not.toHaveBeenCalled();
    const registered = vi.fn();
    device.on("registered", registered);
    await device.register();
    await vi.advanceTimersByTimeAsync(0);
    expect(sdk.load).toHaveBeenCalledOnce();
    expect(sdk.created[0]?.token).toBe("jwt");
    expect(sdk.created[0]?.options.codecPreferences).toEqual(["opus", "pcmu"]);
    expect((sdk.created[0]?.device.audio as { setAudioConstraints: ReturnType<typeof vi.fn> }).setAudioConstraints).toHaveBeenCalledWith(AUDIO_CONSTRAINTS);
    expect(registered).toHaveBeenCalledOnce();
  });

  it("follows a call through the states and summarises its samples as call quality", async () => {
    const sdk = fakeSdk();
    const device = new TwilioVoiceDevice(token, sdk.load);
    const states: DeviceState[] = [];
    device.on("state", (state) => states.push(state));
    await device.register();
    const call = await device.connect("+447400123456");
    const sdkCall = sdk.calls[0] as SdkCall;
    expect((sdk.created[0]?.device.connect as ReturnType<typeof vi.fn>).mock.calls[0]).toEqual([{ params: { To: "+447400123456", Grant: "grant-u1" } }]);
    sdkCall.emit("ringing");
    sdkCall.emit("accept");
    for (const [rtt, jitter, received, lost] of [
      [100, 4, 50, 0],
      [60, 2, 100, 2],
    ] as const) {
      sdkCall.emit("sample", { rtt, jitter, mos: 4.2, packetsLostFraction: 0, totals: { packetsSent: received, packetsReceived: received, packetsLost: lost } });
    }
    expect(call.callSid()).toBe("CA123");
    expect(call.stats()).toEqual({ rttMs: 80, jitterMs: 3, packetLoss: 0.0196, mos: 4.2, packetsSent: 100, packetsReceived: 100 });
    call.disconnect();
    expect(states).toEqual(["connecting", "ringing", "connected", "disconnected"]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(device.state).toBe("idle");
  });

  it("passes the SDK's errors on with their codes, and hands it new tokens", async () => {
    const sdk = fakeSdk();
    const device = new TwilioVoiceDevice(token, sdk.load);
    const errors: number[] = [];
    device.on("error", (error) => errors.push(error.code));
    const willExpire = vi.fn();
    device.on("tokenWillExpire", willExpire);
    await device.register();
    sdk.created[0]?.device.emit("error", { code: 20104, message: "expired" });
    sdk.created[0]?.device.emit("tokenWillExpire");
    device.updateToken({ ...token, token: "jwt2" });
    expect(errors).toEqual([20104]);
    expect(willExpire).toHaveBeenCalledOnce();
    expect(sdk.created[0]?.device.updateToken).toHaveBeenCalledWith("jwt2");
  });

  it("rings for an incoming call and can decline it", async () => {
    const sdk = fakeSdk();
    const device = new TwilioVoiceDevice(token, sdk.load);
    const states: DeviceState[] = [];
    device.on("state", (state) => states.push(state));
    const incoming = vi.fn();
    device.on("incoming", incoming);
    await device.register();
    const sdkCall = new SdkCall();
    sdkCall.parameters = { CallSid: "CA9", From: "+12025550123" };
    sdk.created[0]?.device.emit("incoming", sdkCall);
    expect(incoming.mock.calls[0]?.[0].from).toBe("+12025550123");
    incoming.mock.calls[0]?.[0].reject();
    expect(sdkCall.reject).toHaveBeenCalled();
    expect(states).toEqual(["ringing", "disconnected"]);
  });

  it("says the SDK could not be loaded, or lacks its classes", async () => {
    await expect(new TwilioVoiceDevice(token, () => Promise.reject(new Error("chunk failed"))).register()).rejects.toBeInstanceOf(VoiceSdkLoadError);
    await expect(new TwilioVoiceDevice(token, () => Promise.resolve({} as typeof TwilioSdk)).register()).rejects.toThrow("Device or Call class not found");
  });
});
