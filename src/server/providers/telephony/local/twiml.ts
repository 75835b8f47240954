/**
 * Reads the gate's TwiML answer: what the local carrier must do with the call.
 * Only the verbs our gate writes are understood: `<Dial timeLimit callerId><Number
 * statusCallback>+E164</Number></Dial>` and `<Reject reason/>`; anything else is
 * refused as the carrier would (an application error).
 */
export type GateAnswer =
  | { verb: "dial"; number: string; timeLimitSeconds: number; callerId: string | null; statusCallback: string | null }
  | { verb: "reject"; reason: "rejected" | "busy" };

export class TwimlError extends Error {
  override name = "TwimlError";
}

export function readGateAnswer(xml: string): GateAnswer {
  const body = xml.replace(/<\?xml[^>]*\?>/, "").trim();
  if (!/^<Response\b[^>]*>[\s\S]*<\/Response>$|^<Response\b[^>]*\/>$/.test(body)) throw new TwimlError("Not a TwiML document");
  const reject = /<Reject\b([^>]*)\/?>/.exec(body);
  if (reject) return { verb: "reject", reason: attribute(reject[1] ?? "", "reason") === "busy" ? "busy" : "rejected" };
  const dial = /<Dial\b([^>]*)>([\s\S]*?)<\/Dial>/.exec(body);
  if (!dial) throw new TwimlError("The TwiML neither dials nor rejects");
  const number = /<Number\b([^>]*)>([^<]*)<\/Number>/.exec(dial[2] ?? "");
  if (!number) throw new TwimlError("The Dial names no Number");
  const attributes = dial[1] ?? "";
  const limit = Number(attribute(attributes, "timeLimit") ?? "14400");
  if (!Number.isInteger(limit) || limit < 1) throw new TwimlError("The Dial's timeLimit is not a positive whole number of seconds");
  return {
    verb: "dial",
    number: decodeXml(number[2] ?? "").trim(),
    timeLimitSeconds: limit,
    callerId: attribute(attributes, "callerId"),
    statusCallback: attribute(number[1] ?? "", "statusCallback"),
  };
}

function attribute(attributes: string, name: string): string | null {
  const match = new RegExp(`\\b${name}="([^"]*)"`).exec(attributes);
  return match ? decodeXml(match[1] ?? "") : null;
}

function decodeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp);/g, (_whole, name: string) => ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" })[name] ?? "");
}
