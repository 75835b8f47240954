import type * as TwilioSdk from "@twilio/voice-sdk";
import type { Call, Device } from "@twilio/voice-sdk";
import { DeviceStateMachine } from "./device-state";
import { AUDIO_CONSTRAINTS } from "./audio";
import { TwilioCall } from "./twilio-call";
import type { VoiceCall, VoiceDevice, VoiceToken } from "./voice-device";

type TwilioModule = typeof TwilioSdk;

/** The SDK is large: it is fetched only when a signed-in person's device starts, never with the first page. */
export const loadTwilioSdk = (): Promise<TwilioModule> => import("@twilio/voice-sdk");

/** Raised when the SDK could not be loaded or lacks its Device or Call class. */
export class VoiceSdkLoadError extends Error {
  override name = "VoiceSdkLoadError";
}

/** The device for Twilio: the Voice SDK's Device, with opus then PCMU and the spec's microphone constraints. */
export class TwilioVoiceDevice extends DeviceStateMachine implements VoiceDevice {
  readonly carrier = "twilio" as const;
  private device: Device | null = null;
  private token: VoiceToken;

  constructor(
    token: VoiceToken,
    private readonly load: () => Promise<TwilioModule> = loadTwilioSdk,
  ) {
    super();
    this.token = token;
  }

  async register(): Promise<void> {
    const device = await this.sdkDevice();
    await device.register();
  }

  async connect(to: string): Promise<VoiceCall> {
    if (this.call) throw new Error("a call is already in progress");
    const device = await this.sdkDevice();
    this.setState("connecting");
    try {
      // Twilio hands the params to the voice webhook: the number, and the grant that ties the call to this sign-in.
      const call = new TwilioCall(await device.connect({ params: { To: to, Grant: this.token.grant } }), "outbound");
      this.track(call);
      return call;
    } catch (error) {
      this.setState("disconnected");
      throw error;
    }
  }

  updateToken(token: VoiceToken): void {
    this.token = token;
    this.device?.updateToken(token.token);
  }

  destroy(): void {
    this.device?.destroy();
    this.device = null;
    this.stopStateTimers();
    this.removeAllListeners();
  }

  private async sdkDevice(): Promise<Device> {
    if (this.device) return this.device;
    let sdk: TwilioModule;
    try {
      sdk = await this.load();
    } catch (error) {
      throw new VoiceSdkLoadError(error instanceof Error ? error.message : String(error));
    }
    if (typeof sdk.Device !== "function" || typeof sdk.Call !== "function") {
      throw new VoiceSdkLoadError("Device or Call class not found in the voice SDK module");
    }
    const device = new sdk.Device(this.token.token, {
      codecPreferences: [sdk.Call.Codec.Opus, sdk.Call.Codec.PCMU],
      closeProtection: true,
    });
    device.on("registered", () => this.emit("registered", undefined));
    device.on("error", (error: { code?: number; message?: string }) => this.fail({ code: error.code ?? 31000, message: error.message ?? "" }));
    device.on("tokenWillExpire", () => this.emit("tokenWillExpire", undefined));
    device.on("incoming", (call: Call) => {
      const incoming = new TwilioCall(call, "inbound");
      this.track(incoming);
      this.setState("ringing");
      this.emit("incoming", incoming);
    });
    await device.audio?.setAudioConstraints(AUDIO_CONSTRAINTS);
    this.device = device;
    return device;
  }
}
