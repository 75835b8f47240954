import type { FastifyReply } from "fastify";

/**
 * Marks a reply as a CSV file to save, named `dialwise-<name>-<UTC day>.csv`, never cached (it holds
 * a person's or the business's data). The route returns the CSV text itself: a string body with a
 * non-JSON type is sent as is (the route's response schema only documents it).
 */
export function csvDownload(reply: FastifyReply, name: string): void {
  const day = new Date().toISOString().slice(0, 10);
  reply.type("text/csv; charset=utf-8").header("content-disposition", `attachment; filename="dialwise-${name}-${day}.csv"`).header("cache-control", "no-store");
}
