import { AsyncLocalStorage } from "node:async_hooks";
import { isDatabaseUnavailable } from "../db/outage";

/**
 * better-auth catches the database's errors: it logs them and answers with its own
 * 500 (an APIError, or a Response from its handler), or with no session at all. Our
 * error handler would then ask the database (`select 1`), which a short outage has
 * often survived by then, and answer 500. Instead, what better-auth logs during one
 * of our calls to it is kept for that call (the log bridge hands it over), and a
 * call that failed after logging a lost database throws that error: the error
 * handler answers it 503 with Retry-After, as it answers our own.
 */
const scopes = new AsyncLocalStorage<{ databaseError?: unknown }>();

/** For the log bridge: an error better-auth logged, kept when it says the database is unavailable. */
export function noteAuthError(details: readonly unknown[]): void {
  const scope = scopes.getStore();
  if (!scope || scope.databaseError !== undefined) return;
  const lost = details.find(isDatabaseUnavailable);
  if (lost !== undefined) scope.databaseError = lost;
}

/** The database went away under a better-auth call, which hid it. */
export class AuthDatabaseUnavailable extends Error {
  constructor(cause: unknown) {
    super("the database was unavailable during an authentication call", { cause });
    this.name = "AuthDatabaseUnavailable";
  }
}

/**
 * Runs a call into better-auth. When it throws, or its result counts as a failure
 * (`failed`: no session, a 5xx answer), after better-auth logged a lost database,
 * the database's error is thrown instead.
 */
export async function surfaceAuthOutage<T>(call: () => Promise<T>, failed: (result: T) => boolean): Promise<T> {
  const scope: { databaseError?: unknown } = {};
  let result: T;
  try {
    result = await scopes.run(scope, call);
  } catch (error) {
    if (scope.databaseError !== undefined) throw new AuthDatabaseUnavailable(scope.databaseError);
    throw error;
  }
  if (scope.databaseError !== undefined && failed(result)) throw new AuthDatabaseUnavailable(scope.databaseError);
  return result;
}
