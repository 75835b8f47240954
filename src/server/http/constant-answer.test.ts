import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineEndpoint } from "../../shared/api/endpoint";
import { constantAnswer } from "./endpoint";

const endpoint = defineEndpoint({
  method: "GET",
  path: "/api/example",
  access: "public",
  summary: "An example",
  response: z.object({ status: z.literal("ok"), count: z.number().int() }),
});

describe("a constant answer", () => {
  it("is the payload as the response schema shapes it: keys the contract does not name are left out", () => {
    const payload = { status: "ok", count: 3, secret: "not for the client" } as unknown as { status: "ok"; count: number };
    expect(JSON.parse(constantAnswer(endpoint, payload).text)).toEqual({ status: "ok", count: 3 });
  });

  it("refuses, when it is built, a payload that breaks the contract", () => {
    expect(() => constantAnswer(endpoint, { status: "ok", count: 1.5 })).toThrow();
  });
});
