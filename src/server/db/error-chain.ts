/**
 * An error and each of its causes in turn, each once: Drizzle and better-auth wrap the
 * driver's error, so what PostgreSQL said is found somewhere down this chain.
 */
export function* errorChain(error: unknown): Generator<object> {
  const seen = new Set<unknown>();
  for (let current: unknown = error; typeof current === "object" && current !== null && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    yield current;
  }
}
