import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Endpoint, PartOf } from "../../shared/api/endpoint";

type InferOr<T, Fallback> = [T] extends [never] ? Fallback : T extends z.ZodType ? z.infer<T> : Fallback;

export interface HandlerContext<E extends Endpoint> {
  params: InferOr<PartOf<E, "params">, Record<string, never>>;
  query: InferOr<PartOf<E, "query">, Record<string, never>>;
  body: InferOr<PartOf<E, "body">, undefined>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface EndpointOptions {
  /** A larger (or smaller) request body limit in bytes than the app's, for this route only. */
  bodyLimit?: number;
}

/**
 * A success response already written as JSON, for hot routes that remember their
 * answers: it is sent as is, skipping the zod serializer (which parses every
 * response again). Whoever builds one vouches for its shape; the route's tests
 * check it against the contract. Input validation is unchanged.
 */
export class JsonText<T> {
  declare private readonly shape: T;
  constructor(readonly text: string) {}
}

export function jsonText<T>(payload: T): JsonText<T> {
  return new JsonText<T>(JSON.stringify(payload));
}

/**
 * A constant answer, shaped by the endpoint's response schema once, here, as the serializer
 * would shape it on every request (unknown keys dropped, a payload that breaks the contract
 * refused at start-up rather than per request).
 */
export function constantAnswer<E extends Endpoint>(endpoint: E, payload: z.input<E["response"]>): JsonText<z.infer<E["response"]>> {
  return new JsonText(JSON.stringify(z.encode(endpoint.response, payload)));
}

/**
 * Registers a shared endpoint: its schemas validate the request and shape the
 * response, its access is enforced by the access hook, and it appears in OpenAPI.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (context: HandlerContext<E>) => Promise<z.infer<E["response"]> | JsonText<z.infer<E["response"]>>>,
  options: EndpointOptions = {},
): void {
  const status = endpoint.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access },
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    schema: {
      summary: endpoint.summary,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { [status]: endpoint.response },
      ...(endpoint.access === "public" ? {} : { security: [{ session: [] }] }),
    },
    async handler(request, reply) {
      const result = await handler({
        params: request.params as HandlerContext<E>["params"],
        query: request.query as HandlerContext<E>["query"],
        body: request.body as HandlerContext<E>["body"],
        request,
        reply,
      });
      // A JSON string with a JSON content type is sent untouched by Fastify.
      if (result instanceof JsonText) return reply.status(status).type("application/json; charset=utf-8").send(result.text);
      return reply.status(status).send(result);
    },
  });
}
