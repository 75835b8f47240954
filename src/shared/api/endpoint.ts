import type { z } from "zod";

/**
 * One API endpoint, described once and used by both sides: the server registers
 * it (validation, serialization, OpenAPI, access) and the web client calls it typed.
 */
export type Access = "public" | "user" | "admin";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Endpoint<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
  M extends Method = Method,
  P extends string = string,
> {
  /** Literal in each endpoint's type, so a route (route.ts) naming another method or address does not compile. */
  method: M;
  path: P;
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
  const M extends Method = Method,
  const P extends string = string,
>(endpoint: Endpoint<Params, Query, Body, Response, M, P>): Endpoint<Params, Query, Body, Response, M, P> {
  return endpoint;
}

/** The schema of a part of an endpoint, or never when the endpoint has no such part. */
export type PartOf<E extends Endpoint, K extends "params" | "query" | "body"> = Exclude<E[K], undefined>;
