import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./outage";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("recognizes an unreachable or stopping database, however deeply the driver's error is wrapped", () => {
    expect(isDatabaseUnavailable(withCode("ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: withCode("57P01", "terminating connection due to administrator command") }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("outer", { cause: new Error("middle", { cause: new Error("Connection terminated unexpectedly") }) }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: new Error("PGlite is closed") }))).toBe(true);
    expect(isDatabaseUnavailable(withCode("08006"))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode("ECONNREFUSED")], "every address failed"))).toBe(true);
  });

  it("leaves mistakes in a query and bugs alone", () => {
    expect(isDatabaseUnavailable(withCode("23505", "duplicate key value violates unique constraint"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: withCode("42601", "syntax error") }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    const loop: Error & { cause?: unknown } = new Error("loop");
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });
});
