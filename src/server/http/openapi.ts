import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { SESSION_COOKIE_NAME } from "../auth/auth";

/** The OpenAPI description, built from the same zod schemas that validate requests; browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: "Dialwise API", version: "1" },
      components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE_NAME } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    uiHooks: {},
  });
}
