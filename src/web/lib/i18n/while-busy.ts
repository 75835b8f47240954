import { ApiError } from "../api-client";

/** The longest a page waits between two tries, whatever the server asks. */
const LONGEST_WAIT_SECONDS = 10;

const sleep = (seconds: number) => new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000));

/**
 * Asks again when the server is busy (429, 503) or out of reach, after the wait it names
 * (Retry-After) or a doubling one, up to `attempts` tries in all. For the interface's own
 * strings: without them a page shows its keys, so a short wait is better than giving up.
 */
export async function retryWhileBusy<T>(call: () => Promise<T>, attempts = 4, wait: (seconds: number) => Promise<void> = sleep): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const busy = error instanceof ApiError && (error.status === 429 || error.status === 503 || error.status === 0);
      if (!busy || attempt >= attempts) throw error;
      await wait(Math.min(error.retryAfterSeconds ?? 2 ** (attempt - 1), LONGEST_WAIT_SECONDS));
    }
  }
}
