import { errorChain } from "./error-chain";

/**
 * Whether an error (or one of its causes: Drizzle wraps the driver's) is PostgreSQL's unique
 * violation (23505) on the named index: two requests writing the same key at once, which the
 * index settles and the service answers as a conflict rather than a server error.
 */
export function isUniqueViolation(error: unknown, indexName: string): boolean {
  for (const current of errorChain(error)) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (candidate.code === "23505" && (candidate.constraint === undefined || candidate.constraint === indexName)) return true;
    if (typeof candidate.message === "string" && candidate.message.includes(indexName)) return true;
  }
  return false;
}
