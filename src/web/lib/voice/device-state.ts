import type { CarrierName } from "../../../shared/api/calls";
import { Emitter } from "./emitter";
import { DISCONNECTED_HOLD_MS, type DeviceState, type VoiceCall, type VoiceDeviceEvents, type VoiceError } from "./voice-device";

/**
 * The state machine both devices share: a call moves the device through connecting,
 * ringing and connected; its end (hang-up, cancel, reject or error) shows
 * "disconnected" for a second, then the device is idle again.
 */
export abstract class DeviceStateMachine extends Emitter<VoiceDeviceEvents> {
  abstract readonly carrier: CarrierName;
  private current: DeviceState = "idle";
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  protected call: VoiceCall | null = null;

  get state(): DeviceState {
    return this.current;
  }

  activeCall(): VoiceCall | null {
    return this.call;
  }

  protected setState(next: DeviceState): void {
    clearTimeout(this.idleTimer);
    if (next === this.current) return;
    this.current = next;
    this.emit("state", next);
    if (next === "disconnected") {
      this.idleTimer = setTimeout(() => this.setState("idle"), DISCONNECTED_HOLD_MS);
    }
  }

  /** Follows a call's events: ringing, accept, and its end. */
  protected track(call: VoiceCall): void {
    this.call = call;
    const stops = [
      call.on("ringing", () => this.setState("ringing")),
      call.on("accept", () => this.setState("connected")),
      call.on("disconnect", () => {
        for (const stop of stops) stop();
        if (this.call === call) this.call = null;
        this.setState("disconnected");
      }),
    ];
  }

  protected fail(error: VoiceError): void {
    this.emit("error", error);
  }

  protected stopStateTimers(): void {
    clearTimeout(this.idleTimer);
  }
}
