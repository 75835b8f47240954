import type { TFunction } from "../../lib/i18n/translator";
import { CALL_REFUSALS, type CallRefusal } from "../../../shared/api/refusals";

/**
 * The spec's call error catalogue: each carrier code (Twilio's numbering, which the
 * local carrier follows) to its translated message. The local carrier adds 31 in front
 * of SIP codes (31486 busy, 31603 declined), so both forms map to the same message.
 */
export const CALL_ERROR_KEYS: Readonly<Record<number, string>> = {
  486: "call_section.error.busy",
  31486: "call_section.error.busy",
  603: "call_section.error.declined",
  31603: "call_section.error.declined",
  480: "call_section.error.unavailable",
  31480: "call_section.error.unavailable",
  408: "call_section.error.no_answer",
  31408: "call_section.error.no_answer",
  404: "call_section.error.not_found",
  31404: "call_section.error.not_found",
  503: "call_section.error.service_unavailable",
  31503: "call_section.error.service_unavailable",
  600: "call_section.error.busy_everywhere",
  31600: "call_section.error.busy_everywhere",
  487: "call_section.error.terminated",
  31487: "call_section.error.terminated",
  500: "call_section.error.server_error",
  502: "call_section.error.bad_gateway",
  504: "call_section.error.network_timeout",
  31005: "call_section.error.connection_failed",
  31000: "call_section.error.authorization_failed",
  31001: "call_section.error.invalid_parameters",
  31002: "call_section.error.invalid_number",
  31003: "call_section.error.forbidden",
  31004: "call_section.error.call_not_found",
  31006: "call_section.error.connection_error",
  20101: "call_section.error.token_expired",
  20104: "call_section.error.token_expired",
};

/** The message for a carrier error code; 'Unable to connect (Error {code}). Please try again.' for any other. */
export function callErrorMessage(t: TFunction, code: number): string {
  const key = CALL_ERROR_KEYS[code];
  return key ? t(key) : t("call_section.error.unknown", { code: String(code) });
}

export function isCallRefusal(reason: string | null | undefined): reason is CallRefusal {
  return (CALL_REFUSALS as readonly string[]).includes(reason ?? "");
}

/** Why the server refused a call (the `call.status` failed event's reason), in the reader's language. */
export function refusalMessage(t: TFunction, reason: string | null | undefined): string {
  return isCallRefusal(reason) ? t(`call_section.refusal.${reason}`) : t("call_section.call_failed");
}
