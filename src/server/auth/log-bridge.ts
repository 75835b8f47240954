import type { FastifyBaseLogger } from "fastify";
import { noteAuthError } from "./swallowed-outage";

type BetterAuthLevel = "error" | "warn" | "info" | "debug" | "success";

/**
 * better-auth's messages about what a client sent (an origin or callback URL we do
 * not trust, a cross-site form post): it answers them 403, so they are the
 * client's mistake and go to the log at info. Every other error stays an error.
 */
const CLIENT_MISTAKES = [/^Invalid (origin|callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL|redirect URL)\b/, /^Blocked cross-site navigation/];

export function isClientMistakeMessage(message: string): boolean {
  return CLIENT_MISTAKES.some((pattern) => pattern.test(message));
}

/**
 * better-auth's log lines, in the server's log at the level they deserve. An error it
 * logs is also shown to the call that caused it (swallowed-outage.ts): a lost database
 * there makes that request a 503.
 */
export function betterAuthLog(log: FastifyBaseLogger): (level: BetterAuthLevel, message: string, ...args: unknown[]) => void {
  return (level, message, ...args) => {
    if (level === "error") noteAuthError(args);
    const details = args.length > 0 ? { details: args } : {};
    const line = `better-auth: ${message}`;
    if (level === "error" && !isClientMistakeMessage(message)) log.error(details, line);
    else if (level === "warn") log.warn(details, line);
    else if (level === "debug") log.debug(details, line);
    else log.info(details, line);
  };
}
