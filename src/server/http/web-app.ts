import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { PageLimit } from "./page-limit";
import { PageShell, type PageRenderer } from "./page-shell";

/**
 * Serves the built single-page app's files: hashed assets cached for a year as
 * immutable, the rest briefly; each in the Brotli or gzip copy the build wrote beside
 * it when the browser accepts one. Source maps are never served. Returns the page
 * shell (index.html, each page with its own head from `renderPage`, pages counted per address by `limit`) for the not-found handler, or null when the web app has not been built.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string, renderPage?: PageRenderer, limit: PageLimit | null = null): Promise<PageShell | null> {
  const indexFile = path.join(webRoot, "index.html");
  if (!existsSync(indexFile)) return null;
  // In a scope of their own, so marking the plugin's routes as the web app's files marks nothing else.
  await app.register(async (files) => {
    files.addHook("onRoute", (route) => {
      route.config = { ...route.config, webAppFile: true };
    });
    await files.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Ours below, not the plugin's `max-age=0`.
      cacheControl: false,
      allowedPath: (pathName) => !pathName.endsWith(".map"),
      setHeaders(response, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        response.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=300");
      },
    });
  });
  return new PageShell(readFileSync(indexFile, "utf8"), renderPage, limit);
}
