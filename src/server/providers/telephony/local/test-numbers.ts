import { LOCAL_TEST_SUFFIXES } from "../../../../shared/api/local-carrier";

/**
 * What the far end of a dialled number does on the local carrier: the test numbers
 * (LOCAL_TEST_SUFFIXES, by the last four digits) choose it; any other number rings
 * briefly, answers and echoes. Each outcome ends with the status Twilio would send
 * for the dialled leg, and the device hears Twilio's error code for it.
 */
export type FarEnd =
  | { kind: "answer"; ringMs: number }
  | { kind: "end"; ringMs: number; rings: boolean; status: "busy" | "no-answer" | "failed"; errorCode: number; sipResponseCode?: string };

export interface FarEndTimings {
  answerAfterMs: number;
  busyAfterMs: number;
  declineAfterMs: number;
  failAfterMs: number;
  noAnswerAfterMs: number;
  longRingMs: number;
}

export const FAR_END_TIMINGS: FarEndTimings = {
  answerAfterMs: 2000,
  busyAfterMs: 1500,
  declineAfterMs: 4000,
  failAfterMs: 800,
  noAnswerAfterMs: 30_000,
  longRingMs: 60_000,
};

export function farEndOf(number: string, timings: FarEndTimings = FAR_END_TIMINGS): FarEnd {
  const suffix = number.replace(/\D/g, "").slice(-4) as keyof typeof LOCAL_TEST_SUFFIXES;
  switch (LOCAL_TEST_SUFFIXES[suffix]) {
    case "busy":
      return { kind: "end", ringMs: timings.busyAfterMs, rings: false, status: "busy", errorCode: 31486 };
    case "no-answer":
      return { kind: "end", ringMs: timings.noAnswerAfterMs, rings: true, status: "no-answer", errorCode: 31408 };
    // A callee who declines: Twilio's word for the dialled leg is busy, its SIP answer 603; the device hears 31603.
    case "declined":
      return { kind: "end", ringMs: timings.declineAfterMs, rings: true, status: "busy", errorCode: 31603, sipResponseCode: "603" };
    case "failed":
      return { kind: "end", ringMs: timings.failAfterMs, rings: false, status: "failed", errorCode: 31503 };
    case "long-ringing":
      return { kind: "end", ringMs: timings.longRingMs, rings: true, status: "no-answer", errorCode: 31408 };
    default:
      return { kind: "answer", ringMs: timings.answerAfterMs };
  }
}
