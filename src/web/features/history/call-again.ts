import type { CallLog } from "../../../shared/api/calls";
import { callSectionState, type CallSectionState } from "../../lib/call-section-state";

/**
 * What "Call again" hands to the call section, or null when the row has no number to dial
 * (an incoming call whose caller was hidden): the caller on an incoming call, else who was called.
 */
export function callAgainState(call: Pick<CallLog, "direction" | "toNumber" | "fromNumber" | "countryCode">): CallSectionState | null {
  return callSectionState(call.direction === "inbound" ? call.fromNumber : call.toNumber, call.countryCode);
}
