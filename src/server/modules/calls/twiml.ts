import twilio from "twilio";

/** Where the carrier asks the gate what to do with a call the device placed, and where it reports the dialled leg's progress. */
export const VOICE_WEBHOOK_PATH = "/webhooks/telephony/voice";
export const STATUS_WEBHOOK_PATH = "/webhooks/telephony/status";

export const TWIML_CONTENT_TYPE = "text/xml; charset=utf-8";

/** The gate's yes: dial the number, answer the device only when the far end answers, hang up at the time limit. */
export function dialTwiml(input: { e164: string; timeLimitSeconds: number; callerId: string | null; statusCallbackUrl: string }): string {
  const response = new twilio.twiml.VoiceResponse();
  const dial = response.dial({
    answerOnBridge: true,
    timeLimit: input.timeLimitSeconds,
    ...(input.callerId ? { callerId: input.callerId } : {}),
  });
  dial.number(
    {
      statusCallback: input.statusCallbackUrl,
      statusCallbackMethod: "POST",
      statusCallbackEvent: ["initiated", "ringing", "answered", "completed"],
    },
    input.e164,
  );
  return response.toString();
}

/** The gate's no: the device hears the call rejected; why is in the `call.status` event. */
export function rejectTwiml(): string {
  const response = new twilio.twiml.VoiceResponse();
  response.reject({ reason: "rejected" });
  return response.toString();
}

/** What a carrier built into the server reads from the gate's answer. */
export type GateAnswer =
  | { kind: "dial"; e164: string; timeLimitSeconds: number; callerId: string | null; statusCallbackUrl: string }
  | { kind: "reject" };

/**
 * Reads the TwiML the gate answers (dialTwiml or rejectTwiml, nothing else): how the
 * local carrier learns the number, the time limit to enforce and where to report.
 */
export function parseGateAnswer(twiml: string): GateAnswer {
  if (/<Reject\b/.test(twiml)) return { kind: "reject" };
  const dial = /<Dial\b([^>]*)>/.exec(twiml);
  const number = /<Number\b([^>]*)>([^<]+)<\/Number>/.exec(twiml);
  if (!dial || !number) throw new Error("the gate's answer is neither a Dial nor a Reject");
  const attributes = (text: string) => new Map([...text.matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1]!, unescapeXml(match[2]!)]));
  const dialAttributes = attributes(dial[1] ?? "");
  const numberAttributes = attributes(number[1] ?? "");
  const timeLimitSeconds = Number(dialAttributes.get("timeLimit"));
  if (!Number.isSafeInteger(timeLimitSeconds) || timeLimitSeconds <= 0) throw new Error("the gate's Dial has no time limit");
  return {
    kind: "dial",
    e164: unescapeXml(number[2]!.trim()),
    timeLimitSeconds,
    callerId: dialAttributes.get("callerId") ?? null,
    statusCallbackUrl: numberAttributes.get("statusCallback") ?? "",
  };
}

function unescapeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp);/g, (_whole, name: string) => ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" })[name] ?? "");
}
