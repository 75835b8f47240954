import { Emitter } from "./emitter";
import { createVoiceDevice } from "./create-voice-device";
import { fetchVoiceToken, TOKEN_REFRESH_MS, tokenFresh } from "./voice-token";
import { TOKEN_ERROR_CODES, type DeviceState, type VoiceCall, type VoiceDevice, type VoiceError, type VoiceToken } from "./voice-device";

/** The spec: the device counts as ready on `registered`, or after 3 s whatever happened. */
export const READY_TIMEOUT_MS = 3000;

export interface VoiceSessionEvents {
  ready: undefined;
  state: DeviceState;
  incoming: VoiceCall;
  error: VoiceError;
  /** The token could not be fetched (start or refresh). */
  tokenError: unknown;
}

export interface VoiceSessionDeps {
  fetchToken?: () => Promise<VoiceToken>;
  createDevice?: (token: VoiceToken) => VoiceDevice;
}

/**
 * A signed-in person's voice device over its life: the token (fetched, refreshed every
 * 50 minutes, on tokenWillExpire and on the token errors 20104/20101, always between
 * calls), readiness, and a fresh token before every call.
 */
export class VoiceSession extends Emitter<VoiceSessionEvents> {
  private device: VoiceDevice | null = null;
  private token: VoiceToken | null = null;
  private ready = false;
  private refreshDue = false;
  private refreshing: Promise<void> | null = null;
  private stopped = false;
  private readonly timers: ReturnType<typeof setTimeout>[] = [];
  private readonly fetchToken: () => Promise<VoiceToken>;
  private readonly createDevice: (token: VoiceToken) => VoiceDevice;

  constructor(deps: VoiceSessionDeps = {}) {
    super();
    this.fetchToken = deps.fetchToken ?? fetchVoiceToken;
    this.createDevice = deps.createDevice ?? createVoiceDevice;
  }

  get isReady(): boolean {
    return this.ready;
  }

  get state(): DeviceState {
    return this.device?.state ?? "idle";
  }

  activeCall(): VoiceCall | null {
    return this.device?.activeCall() ?? null;
  }

  async start(): Promise<void> {
    let token: VoiceToken;
    try {
      token = await this.fetchToken();
    } catch (error) {
      if (!this.stopped) this.emit("tokenError", error);
      throw error;
    }
    if (this.stopped) return;
    this.token = token;
    const device = this.createDevice(token);
    this.device = device;
    device.on("registered", () => this.markReady());
    device.on("state", (state) => {
      this.emit("state", state);
      if (state === "idle" && this.refreshDue) void this.refresh();
    });
    device.on("incoming", (call) => this.emit("incoming", call));
    device.on("tokenWillExpire", () => this.requestRefresh());
    device.on("error", (error) => {
      if (TOKEN_ERROR_CODES.includes(error.code)) this.requestRefresh();
      this.emit("error", error);
    });
    this.timers.push(setTimeout(() => this.markReady(), READY_TIMEOUT_MS));
    this.timers.push(setInterval(() => this.requestRefresh(), TOKEN_REFRESH_MS));
    try {
      await device.register();
    } catch (error) {
      // A device that could not start (its SDK did not load) must not be declared ready by the 3 s rule.
      for (const timer of this.timers) clearTimeout(timer);
      throw error;
    }
  }

  /** Places a call, replacing a token that would expire first. */
  async connect(to: string): Promise<VoiceCall> {
    const device = this.device;
    if (!device || !this.ready) throw new Error("Voice device not ready");
    if (this.token && !tokenFresh(this.token)) await this.refresh();
    return device.connect(to);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.device?.destroy();
    this.device = null;
    this.removeAllListeners();
  }

  /**
   * Fetches a new token (and call grant) now when no call is on; during a call, once it is over (a mid-call
   * update can glitch the audio). Also asked for when this tab's sign-in moved to a new session.
   */
  requestRefresh(): void {
    if (this.state === "idle") void this.refresh();
    else this.refreshDue = true;
  }

  private refresh(): Promise<void> {
    this.refreshDue = false;
    this.refreshing ??= this.fetchToken()
      .then((token) => {
        if (this.stopped) return;
        this.token = token;
        this.device?.updateToken(token);
      })
      .catch((error: unknown) => {
        if (!this.stopped) this.emit("tokenError", error);
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  private markReady(): void {
    if (this.ready || this.stopped || !this.device) return;
    this.ready = true;
    this.emit("ready", undefined);
  }
}

// The errors a session's start can end in, for the code that loads this module on demand (features/calls/use-voice.ts).
export { VoiceSdkLoadError } from "./twilio-voice-device";
export { InvalidVoiceTokenError } from "./voice-token";
