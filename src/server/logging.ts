import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";
import pretty from "pino-pretty";
import type { Config } from "./config";

type LogConfig = Pick<Config, "env" | "logLevel">;

declare module "fastify" {
  interface FastifyContextConfig {
    /** A file of the built web app (script, style, image): its requests are logged at debug (web-app.ts sets it). */
    webAppFile?: boolean;
  }
}

/**
 * A page brings a dozen script, style and image requests with it; at info they
 * bury what a person reads the log for (the outbox's links, errors, the API).
 */
function requestLevel(request: FastifyRequest): "debug" | "info" {
  return request.routeOptions.config.webAppFile === true ? "debug" : "info";
}

/** "GET /en/rates → 200 (3 ms)": one line per answered request, where Fastify writes two objects. */
class RequestLines extends LogController {
  override incomingRequest(): void {}
  // The request's own line says 404.
  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    request.log[requestLevel(request)](`${request.method} ${request.url} → ${reply.statusCode} (${Math.round(reply.elapsedTime)} ms)`);
  }
}

/** Fastify's own two JSON entries per request, the web app's files at debug. */
class JsonRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (requestLevel(request) === "info") return super.incomingRequest(request, reply);
    request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error || requestLevel(request) === "info") return super.requestCompleted(error, request, reply);
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, "request completed");
  }
}

/**
 * The server's log. In production (NODE_ENV=production): pino's JSON lines, one
 * object per line, with Fastify's request and response entries, for whatever
 * collects them. Otherwise: readable lines through pino-pretty, one per request,
 * written synchronously on the main thread so they keep their order with what
 * the server prints itself (the start-up summary, the mail outbox).
 * Either way the web app's files are logged at debug. `destination` replaces standard output (tests).
 */
export function loggingOptions(config: LogConfig, destination?: NodeJS.WritableStream): Pick<FastifyServerOptions, "logger" | "logController"> {
  if (config.env === "production") {
    return {
      logger: destination ? { level: config.logLevel, stream: destination } : { level: config.logLevel },
      logController: new JsonRequestLog(),
    };
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
