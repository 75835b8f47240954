import { rateCall, reportCallQuality, type CallQuality } from "../../../shared/api/calls";
import { callApi } from "../../lib/api-client";
import { hasMeasurements } from "../../lib/voice/call-quality";

/** The customer's 1-5 rating of a finished call. */
export function submitRating(callSid: string, rating: number) {
  return callApi(rateCall, { params: { callSid }, body: { rating } });
}

/** The device's media statistics, stored with the call for history and the back office. */
export function submitQuality(callSid: string, quality: CallQuality) {
  return callApi(reportCallQuality, { params: { callSid }, body: quality });
}

/** A finished call's statistics, stored when the device measured anything; a failure only logged (the call itself is over). */
export function reportMeasuredQuality(callSid: string, quality: CallQuality): Promise<void> {
  if (!hasMeasurements(quality)) return Promise.resolve();
  return submitQuality(callSid, quality).then(
    () => undefined,
    (error: unknown) => console.warn("call quality not stored", error),
  );
}
