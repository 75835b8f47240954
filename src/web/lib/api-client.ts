import type { z } from "zod";
import type { Endpoint, PartOf } from "../../shared/api/endpoint";
import { isApiErrorBody, type ErrorCode } from "../../shared/api/errors";
import type { Route } from "../../shared/api/route";

/** An error the API answered with (or a network failure, code "network_error"). */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** The answer's `details` (fields that failed, or figures an error names), when it had any. */
    readonly details?: readonly { path: string; message: string }[],
    /** When the server said how long to wait before asking again (Retry-After, in seconds). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

type Part<E extends Endpoint, K extends "params" | "query" | "body"> = [PartOf<E, K>] extends [never] ? never : z.input<PartOf<E, K>>;
type InputOf<E extends Endpoint> = ([Part<E, "params">] extends [never] ? { params?: never } : { params: Part<E, "params"> }) &
  ([Part<E, "query">] extends [never] ? { query?: never } : { query?: Part<E, "query"> }) &
  ([Part<E, "body">] extends [never] ? { body?: never } : { body: Part<E, "body"> }) & { signal?: AbortSignal };

/**
 * How a request reaches the API: the browser's fetch with the session cookie. The
 * server, rendering a page, swaps in one that answers in-process with the visitor's
 * cookie (src/web/ssr/render-page.tsx), so the page it writes shows what the API says.
 */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (url, init) => fetch(url, init);

export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/**
 * Calls a shared endpoint, or its route (shared/api/routes.ts): fills the path, sends JSON with
 * the session cookie. Typed by the endpoint's schemas, but the answer is not parsed against them
 * here (decision 020): that would put zod and every schema into the first load, and the server
 * already serializes each answer through its schema.
 */
export function callApi<E extends Endpoint>(endpoint: E, input?: InputOf<E>): Promise<z.infer<E["response"]>>;
export function callApi<E extends Endpoint>(endpoint: Route<E>, input?: InputOf<E>): Promise<z.infer<E["response"]>>;
export async function callApi(
  endpoint: Route,
  { params, query, body, signal }: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; signal?: AbortSignal } = {},
): Promise<unknown> {
  const path = endpoint.path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => encodeURIComponent(String(params?.[name] ?? "")));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.set(name, String(value));
  const url = search.size > 0 ? `${path}?${search}` : path;

  let response: Response;
  try {
    response = await transport(url, {
      method: endpoint.method,
      credentials: "same-origin",
      headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "network_error", "Could not reach the server. Check your connection and try again.");
  }
  const payload: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    const retryAfter = Number(response.headers.get("retry-after") ?? Number.NaN);
    const wait = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined;
    if (isApiErrorBody(payload)) throw new ApiError(response.status, payload.error.code, payload.error.message, payload.error.details, wait);
    throw new ApiError(response.status, "internal_error", `The server answered ${response.status}`, undefined, wait);
  }
  return payload;
}
