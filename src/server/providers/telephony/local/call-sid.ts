import { randomBytes } from "node:crypto";

/** A call sid shaped like Twilio's: "CA" and 32 hex digits. */
export function newCallSid(): string {
  return `CA${randomBytes(16).toString("hex")}`;
}
