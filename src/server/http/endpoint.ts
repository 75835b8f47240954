import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Endpoint, PartOf } from "../../shared/api/endpoint";

type InferOr<T, Fallback> = [T] extends [never] ? Fallback : T extends z.ZodType ? z.infer<T> : Fallback;

export interface HandlerContext<E extends Endpoint> {
  params: InferOr<PartOf<E, "params">, Record<string, never>>;
  query: InferOr<PartOf<E, "query">, Record<string, never>>;
  body: InferOr<PartOf<E, "body">, undefined>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface EndpointOptions<E extends Endpoint> {
  /** A larger (or smaller) request body limit in bytes than the app's, for this route only. */
  bodyLimit?: number;
  /**
   * Writes the success response without the zod serializer, for hot routes whose
   * handler already builds exactly the response shape (the zod serializer parses
   * every response again). Input validation is unchanged.
   */
  serialize?: (payload: z.infer<E["response"]>) => string;
}

/**
 * Registers a shared endpoint: its schemas validate the request and shape the
 * response, its access is enforced by the access hook, and it appears in OpenAPI.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (context: HandlerContext<E>) => Promise<z.infer<E["response"]>>,
  options: EndpointOptions<E> = {},
): void {
  const status = endpoint.status ?? 200;
  const serialize = options.serialize;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access },
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    // Only the success status has a response schema, so error bodies keep the default serializer.
    ...(serialize === undefined ? {} : { serializerCompiler: () => (data: unknown) => serialize(data as z.infer<E["response"]>) }),
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
      return reply.status(status).send(result);
    },
  });
}
