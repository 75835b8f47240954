import Fastify from "fastify";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { PageShell, type PageRenderer } from "./page-shell";

const SHELL = "<!doctype html><html><head><title>Dialwise</title></head><body></body></html>";

async function serve(render: PageRenderer) {
  const app = Fastify({ logger: false });
  const shell = new PageShell(SHELL, render);
  app.get("/*", (request, reply) => shell.send(request, reply, request.url, 200));
  await app.ready();
  return (url: string) => app.inject({ url, headers: { "accept-encoding": "gzip" } }).then((response) => gunzipSync(response.rawPayload).toString());
}

describe("the page shell", () => {
  it("sends each page's own HTML, and a changed page's new HTML, never a stale compressed copy", async () => {
    let version = "one";
    const get = await serve((html, pathname) => Promise.resolve(html.replace("Dialwise", `${pathname} ${version}`)));
    expect(await get("/en")).toContain("<title>/en one</title>");
    expect(await get("/de")).toContain("<title>/de one</title>");
    expect(await get("/en")).toContain("<title>/en one</title>");
    version = "two";
    expect(await get("/en")).toContain("<title>/en two</title>");
  });

  it("falls back to the shell's own head when the page's head cannot be written", async () => {
    const get = await serve(() => Promise.reject(new Error("the database is away")));
    expect(await get("/en")).toBe(SHELL);
  });
});
