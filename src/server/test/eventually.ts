/** The last answer, for the failure's message: JSON where it can be, else its kind (an HTTP response refers to its socket). */
function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    const status = (value as { statusCode?: unknown } | null)?.statusCode;
    return `${Object.prototype.toString.call(value)}${status === undefined ? "" : ` with status ${String(status)}`}`;
  }
}

/** Waits until `probe` answers something `accept` likes, trying again every `everyMs` until the deadline. */
export async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, deadlineMs = 10_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${describe(value)} after ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
