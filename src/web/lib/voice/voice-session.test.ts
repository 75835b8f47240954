import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DeviceStateMachine } from "./device-state";
import type { VoiceCall, VoiceDevice, VoiceError, VoiceToken } from "./voice-device";
import { READY_TIMEOUT_MS, VoiceSession } from "./voice-session";
import { TOKEN_REFRESH_MS } from "./voice-token";

/** A device that does what the test tells it to (registers or not, fails with a code, holds a call). */
class FakeDevice extends DeviceStateMachine implements VoiceDevice {
  readonly carrier = "local" as const;
  tokens: string[] = [];
  constructor(token: VoiceToken) {
    super();
    this.tokens.push(token.token);
  }
  register = vi.fn(() => Promise.resolve());
  connect = vi.fn((_to: string) => Promise.resolve({} as VoiceCall));
  updateToken(token: VoiceToken) {
    this.tokens.push(token.token);
  }
  destroy() {}
  registered() {
    this.emit("registered", undefined);
  }
  error(error: VoiceError) {
    this.fail(error);
  }
  willExpire() {
    this.emit("tokenWillExpire", undefined);
  }
  move(state: "connecting" | "disconnected") {
    this.setState(state);
  }
}

function session(lifetimeMs = 3_600_000) {
  let issued = 0;
  const fetchToken = vi.fn(() => {
    issued += 1;
    return Promise.resolve<VoiceToken>({ token: `t${issued}`, identity: "u", grant: `g${issued}`, carrier: "local", expiresAt: Date.now() + lifetimeMs });
  });
  let device: FakeDevice | null = null;
  const voice = new VoiceSession({ fetchToken, createDevice: (token) => (device = new FakeDevice(token)) });
  const ready = vi.fn();
  voice.on("ready", ready);
  return { voice, fetchToken, ready, device: () => device as unknown as FakeDevice };
}

describe("VoiceSession", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("is ready on registered", async () => {
    const { voice, ready, device } = session();
    await voice.start();
    expect(ready).not.toHaveBeenCalled();
    device().registered();
    expect(ready).toHaveBeenCalledOnce();
    expect(voice.isReady).toBe(true);
  });

  it("is ready after 3 s when the device never says so", async () => {
    const { voice, ready } = session();
    await voice.start();
    await vi.advanceTimersByTimeAsync(READY_TIMEOUT_MS - 1);
    expect(ready).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toHaveBeenCalledOnce();
  });

  it("refreshes the token every 50 minutes, on tokenWillExpire and on 20104/20101", async () => {
    const { voice, fetchToken, device } = session();
    await voice.start();
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS);
    expect(device().tokens).toEqual(["t1", "t2"]);
    device().willExpire();
    await vi.advanceTimersByTimeAsync(0);
    device().error({ code: 20104, message: "expired" });
    await vi.advanceTimersByTimeAsync(0);
    device().error({ code: 20101, message: "invalid" });
    await vi.advanceTimersByTimeAsync(0);
    device().error({ code: 31005, message: "connection" });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchToken).toHaveBeenCalledTimes(5);
    expect(device().tokens).toEqual(["t1", "t2", "t3", "t4", "t5"]);
  });

  it("waits for the call to end before refreshing", async () => {
    const { voice, device } = session();
    await voice.start();
    device().move("connecting");
    device().willExpire();
    await vi.advanceTimersByTimeAsync(0);
    expect(device().tokens).toEqual(["t1"]);
    device().move("disconnected");
    await vi.advanceTimersByTimeAsync(1000);
    expect(device().tokens).toEqual(["t1", "t2"]);
  });

  it("fetches a new token before connecting when the current one is about to expire", async () => {
    const { voice, device } = session(60_000);
    await voice.start();
    device().registered();
    await voice.connect("+447700900123");
    expect(device().tokens).toEqual(["t1", "t2"]);
    expect(device().connect).toHaveBeenCalledWith("+447700900123");
  });

  it("fails to start, and never turns ready, when the device cannot register", async () => {
    const failure = new Error("sdk missing");
    const voice = new VoiceSession({
      fetchToken: () => Promise.resolve({ token: "t", identity: "u", grant: "g", carrier: "local", expiresAt: Date.now() + 3_600_000 }),
      createDevice: (token) => Object.assign(new FakeDevice(token), { register: vi.fn(() => Promise.reject(failure)) }),
    });
    const ready = vi.fn();
    voice.on("ready", ready);
    await expect(voice.start()).rejects.toBe(failure);
    await vi.advanceTimersByTimeAsync(READY_TIMEOUT_MS * 2);
    expect(ready).not.toHaveBeenCalled();
  });

  it("refuses to connect before the device is ready", async () => {
    const { voice } = session();
    await voice.start();
    await expect(voice.connect("+447700900123")).rejects.toThrow("Voice device not ready");
  });
});
