import { z } from "zod";
import { defineEndpoint } from "./endpoint";

export const clientErrorReport = defineEndpoint({
  method: "POST",
  path: "/api/client-errors",
  access: "public",
  summary: "Report an error the web app caught, so it reaches the server log",
  body: z.object({
    message: z.string().trim().min(1).max(2000),
    stack: z.string().max(10_000).optional(),
    url: z.string().max(2000),
    digest: z.string().max(200).optional(),
  }),
  response: z.object({ received: z.literal(true) }),
  status: 202,
});

export const readiness = defineEndpoint({
  method: "GET",
  path: "/readyz",
  access: "public",
  summary: "Ready when the database answers and its change notifications are heard",
  response: z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) }),
});

export const liveness = defineEndpoint({
  method: "GET",
  path: "/healthz",
  access: "public",
  summary: "The process is up",
  response: z.object({ status: z.literal("ok") }),
});
