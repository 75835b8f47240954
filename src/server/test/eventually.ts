/** Waits until `probe` answers something `accept` likes, trying again every `everyMs` until the deadline. */
export async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, deadlineMs = 10_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)} after ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
