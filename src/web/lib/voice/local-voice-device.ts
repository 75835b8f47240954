import { DeviceStateMachine } from "./device-state";
import { openMicrophone } from "./audio";
import { LocalCall, type LocalCallDeps } from "./local-call";
import { apiSignalling, type LocalCallEvent, type LocalSignalling } from "./local-signalling";
import type { VoiceCall, VoiceDevice, VoiceToken } from "./voice-device";

export interface LocalDeviceOptions {
  signalling?: LocalSignalling;
  openMicrophone?: () => Promise<MediaStream>;
  createPeerConnection?: () => RTCPeerConnection;
  statsIntervalMs?: number;
}

/**
 * The device for the local carrier (the default without Twilio): a real WebRTC call
 * to the peer inside our server. There is nothing to register with (our live-event
 * stream is already open for a signed-in user), so it is ready as soon as it listens.
 */
export class LocalVoiceDevice extends DeviceStateMachine implements VoiceDevice {
  readonly carrier = "local" as const;
  private token: VoiceToken;
  private readonly deps: LocalCallDeps;
  private stopListening: (() => void) | null = null;
  private willExpireTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(token: VoiceToken, options: LocalDeviceOptions = {}) {
    super();
    this.token = token;
    this.deps = {
      signalling: options.signalling ?? apiSignalling,
      token: () => this.token.token,
      grant: () => this.token.grant,
      openMicrophone: options.openMicrophone ?? openMicrophone,
      createPeerConnection: options.createPeerConnection ?? (() => new RTCPeerConnection({ iceServers: [] })),
      ...(options.statsIntervalMs === undefined ? {} : { statsIntervalMs: options.statsIntervalMs }),
    };
  }

  register(): Promise<void> {
    if (!this.stopListening) this.stopListening = this.deps.signalling.listen((event) => this.route(event));
    this.scheduleWillExpire();
    this.emit("registered", undefined);
    return Promise.resolve();
  }

  async connect(to: string): Promise<VoiceCall> {
    if (this.call) throw new Error("a call is already in progress");
    const call = new LocalCall("outbound", this.deps);
    this.track(call);
    this.setState("connecting");
    void call.dial(to);
    return call;
  }

  updateToken(token: VoiceToken): void {
    this.token = token;
    this.scheduleWillExpire();
  }

  destroy(): void {
    this.call?.disconnect();
    this.stopListening?.();
    this.stopListening = null;
    clearTimeout(this.willExpireTimer);
    this.stopStateTimers();
    this.removeAllListeners();
  }

  private route(event: LocalCallEvent): void {
    const call = this.call;
    if (call instanceof LocalCall) {
      call.handle(event);
      return;
    }
    if (event.state !== "incoming") return;
    const incoming = new LocalCall("inbound", this.deps, { callSid: event.callSid, from: event.from });
    this.track(incoming);
    this.setState("ringing");
    this.emit("incoming", incoming);
  }

  /** Like Twilio's device: warn three minutes before the token expires. */
  private scheduleWillExpire(): void {
    clearTimeout(this.willExpireTimer);
    const wait = this.token.expiresAt - Date.now() - 3 * 60_000;
    this.willExpireTimer = setTimeout(() => this.emit("tokenWillExpire", undefined), Math.max(0, wait));
  }
}
