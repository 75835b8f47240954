import type { Endpoint } from "./endpoint";

/**
 * An endpoint as the browser calls it: its method and address, typed by the endpoint it stands
 * for, without the endpoint's schemas (and so without zod). `E` is carried by the type alone.
 */
export interface Route<E extends Endpoint = Endpoint> {
  readonly method: E["method"];
  readonly path: E["path"];
  /** Never set: carries the endpoint's type so callApi knows what goes in and comes out. */
  readonly endpoint?: E;
}

/** The route of endpoint `E`; its method and path must be the endpoint's own (both are literal types). */
export function route<E extends Endpoint>(method: E["method"], path: E["path"]): Route<E> {
  return { method, path };
}
