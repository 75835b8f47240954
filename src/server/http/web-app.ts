import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built single-page app's files: hashed assets cached for a year,
 * the rest briefly. Returns index.html for the not-found handler, or null when
 * the web app has not been built.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<string | null> {
  const indexFile = path.join(webRoot, "index.html");
  if (!existsSync(indexFile)) return null;
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    setHeaders(response, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      response.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=300");
    },
  });
  return readFileSync(indexFile, "utf8");
}
