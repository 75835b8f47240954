import type { z } from "zod";

/**
 * One API endpoint, described once and used by both sides: the server registers
 * it (validation, serialization, OpenAPI, access) and the web client calls it typed.
 */
export type Access = "public" | "user" | "admin";

export interface Endpoint<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  access: Access;
  summary: string;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
  /** The success status, 200 unless said. */
  status?: 200 | 201 | 202 | 204;
}

export function defineEndpoint<
  Response extends z.ZodType,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
>(endpoint: Endpoint<Params, Query, Body, Response>): Endpoint<Params, Query, Body, Response> {
  return endpoint;
}

/** The schema of a part of an endpoint, or never when the endpoint has no such part. */
export type PartOf<E extends Endpoint, K extends "params" | "query" | "body"> = Exclude<E[K], undefined>;
