import type { RouteOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { requireSignature } from "./signed-access";

describe("the signed access level", () => {
  const handler: RouteOptions["handler"] = async () => ({});

  it("refuses to register a signed route that brings no check of its own", () => {
    const route: RouteOptions = { method: "POST", url: "/webhooks/nobody", config: { access: "signed" }, handler };
    expect(() => requireSignature(route)).toThrow("POST /webhooks/nobody is signed but has no verifySignature");
  });

  it("keeps the raw body and checks the signature before the route's own hooks", () => {
    const own = async () => undefined;
    const route: RouteOptions = { method: "POST", url: "/webhooks/x", config: { access: "signed", verifySignature: () => "valid" }, preValidation: own, handler };
    requireSignature(route);
    expect([route.preParsing].flat()).toHaveLength(1);
    const checks = [route.preValidation].flat();
    expect(checks).toHaveLength(2);
    expect(checks[1]).toBe(own);
  });
});
