import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { betterAuthLog } from "./log-bridge";

function recordingLogger() {
  const lines: [string, string][] = [];
  const at = (level: string) => (_details: unknown, message: string) => void lines.push([level, message]);
  const logger = { error: at("error"), warn: at("warn"), info: at("info"), debug: at("debug") } as unknown as FastifyBaseLogger;
  return { logger, lines };
}

// better-auth skips its origin checks under test (NODE_ENV=test), so these lines are fed to the bridge as it writes them.
describe("better-auth's log lines", () => {
  it("puts what a client sent wrong (an untrusted origin or callback URL) at info", () => {
    const { logger, lines } = recordingLogger();
    const log = betterAuthLog(logger);
    log("error", "Invalid origin: https://evil.example");
    log("error", "Invalid callbackURL: https://evil.example/steal");
    log("error", "Invalid redirectURL: //evil.example");
    log("error", "Blocked cross-site navigation login attempt (CSRF protection)", { path: "/sign-in/email" });
    expect(lines.map(([level]) => level)).toEqual(["info", "info", "info", "info"]);
  });

  it("keeps better-auth's own failures at error and other levels as they are", () => {
    const { logger, lines } = recordingLogger();
    const log = betterAuthLog(logger);
    log("error", "INTERNAL_SERVER_ERROR", new Error("Connection terminated unexpectedly"));
    log("error", "Failed to run background task:", new Error("smtp down"));
    log("warn", "Something to look at");
    log("debug", "details");
    expect(lines).toEqual([
      ["error", "better-auth: INTERNAL_SERVER_ERROR"],
      ["error", "better-auth: Failed to run background task:"],
      ["warn", "better-auth: Something to look at"],
      ["debug", "better-auth: details"],
    ]);
  });
});
