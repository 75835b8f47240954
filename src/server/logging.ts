import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";
import pretty from "pino-pretty";
import type { Config } from "./config";

type LogConfig = Pick<Config, "env" | "logLevel">;

/** "GET /en/rates → 200 (3 ms)": one line per answered request, where Fastify writes two objects. */
class RequestLines extends LogController {
  override incomingRequest(): void {}
  // The request's own line says 404.
  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    request.log.info(`${request.method} ${request.url} → ${reply.statusCode} (${Math.round(reply.elapsedTime)} ms)`);
  }
}

/**
 * The server's log. In production (NODE_ENV=production): pino's JSON lines, one
 * object per line, with Fastify's request and response entries, for whatever
 * collects them. Otherwise: readable lines through pino-pretty, one per request,
 * written synchronously on the main thread so they keep their order with what
 * the server prints itself (the start-up summary, the mail outbox).
 * `destination` replaces standard output (tests).
 */
export function loggingOptions(config: LogConfig, destination?: NodeJS.WritableStream): Pick<FastifyServerOptions, "logger" | "logController"> {
  if (config.env === "production") {
    return { logger: destination ? { level: config.logLevel, stream: destination } : { level: config.logLevel } };
  }
  return {
    logger: {
      level: config.logLevel,
      stream: pretty({
        sync: true,
        translateTime: "SYS:HH:MM:ss.l",
        ignore: "pid,hostname,reqId",
        ...(destination ? { destination, colorize: false } : {}),
      }),
    },
    logController: new RequestLines(),
  };
}
