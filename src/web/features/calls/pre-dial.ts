import type { RatedCountry } from "../../lib/rates/rated-countries";
import { isBlockedEmergency } from "./dial-input";

/** What stops a dial, in the spec's order. */
export const DIAL_BLOCKS = ["sign_in", "country", "number", "device", "microphone", "emergency"] as const;
export type DialBlock = (typeof DIAL_BLOCKS)[number];

export interface PreDialInput {
  signedIn: boolean;
  country: RatedCountry | null;
  local: string;
  deviceReady: boolean;
  /** Asks for the microphone; only called once everything before it passed. */
  microphone: () => Promise<boolean>;
}

/**
 * The checks before a call, in the spec's order: signed in, a country, a number, a
 * ready device, the microphone, then the emergency block. The first that fails is
 * returned (null when the dial may go on to the rate lookup).
 */
export async function firstDialBlock(input: PreDialInput): Promise<DialBlock | null> {
  if (!input.signedIn) return "sign_in";
  if (!input.country) return "country";
  if (input.local.length === 0) return "number";
  if (!input.deviceReady) return "device";
  if (!(await input.microphone())) return "microphone";
  if (isBlockedEmergency(input.country, input.local)) return "emergency";
  return null;
}

/** The toast for each block: its title and, where the spec gives one, its description. */
export const DIAL_BLOCK_MESSAGES: Readonly<Record<DialBlock, { title: string; description?: string }>> = {
  sign_in: { title: "call_section.sign_in_required" },
  country: { title: "call_section.select_country" },
  number: { title: "call_section.enter_number" },
  device: { title: "call_section.device_not_ready.title", description: "call_section.device_not_ready.description" },
  microphone: { title: "call_section.microphone_required.title", description: "call_section.microphone_required.description" },
  emergency: { title: "call_section.emergency_blocked.title", description: "call_section.emergency_blocked.description" },
};
