import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signatureHeader, verifySignatureHeader } from "./hmac";

describe("our webhook signature", () => {
  const secret = "whsec-test";
  const body = Buffer.from('{"id":"evt_1"}');
  const at = new Date("2030-01-01T00:00:00Z");

  it("is t=<seconds>,v1=<HMAC-SHA256 of 't.body'>, computed independently here", () => {
    const expected = createHmac("sha256", secret).update(`1893456000.{"id":"evt_1"}`).digest("hex");
    expect(signatureHeader(secret, body, at)).toBe(`t=1893456000,v1=${expected}`);
  });

  it("accepts its own signature within the tolerance, either side of now", () => {
    expect(verifySignatureHeader(secret, signatureHeader(secret, body, at), body, { now: at })).toBe("valid");
    expect(verifySignatureHeader(secret, signatureHeader(secret, body, at), body, { now: new Date(at.getTime() + 299_000) })).toBe("valid");
    expect(verifySignatureHeader(secret, signatureHeader(secret, body, at), body, { now: new Date(at.getTime() - 299_000) })).toBe("valid");
  });

  it("tells a missing signature from a wrong one", () => {
    expect(verifySignatureHeader(secret, undefined, body)).toBe("missing");
    expect(verifySignatureHeader(secret, "", body)).toBe("missing");
    const valid = signatureHeader(secret, body, at);
    const wrong = [
      signatureHeader("other", body, at),
      signatureHeader(secret, Buffer.from('{"id":"evt_2"}'), at),
      valid.replace(/v1=./, (match) => (match.endsWith("0") ? "v1=1" : "v1=0")),
      valid.replace(/^t=\d+/, "t=1893456001"),
      "t=1893456000",
      "v1=abc",
      [valid, valid],
    ];
    for (const header of wrong) expect(verifySignatureHeader(secret, header, body, { now: at }), String(header)).toBe("invalid");
  });

  it("refuses a delivery replayed after the tolerance", () => {
    expect(verifySignatureHeader(secret, signatureHeader(secret, body, at), body, { now: new Date(at.getTime() + 301_000) })).toBe("invalid");
  });
});
