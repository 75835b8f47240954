import { rateCall, reportCallQuality, type CallQuality } from "../../../shared/api/calls";
import { callApi } from "../../lib/api-client";

/** The customer's 1-5 rating of a finished call. */
export function submitRating(callSid: string, rating: number) {
  return callApi(rateCall, { params: { callSid }, body: { rating } });
}

/** The device's media statistics, stored with the call for history and the back office. */
export function submitQuality(callSid: string, quality: CallQuality) {
  return callApi(reportCallQuality, { params: { callSid }, body: quality });
}
