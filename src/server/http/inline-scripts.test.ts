import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { inlineScriptHashes, inlineScriptSources } from "./inline-scripts";

// The hashes were computed outside this code: printf 'alert(1)' | openssl dgst -sha256 -binary | base64
const ALERT = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='";
const LOG = "'sha256-UhmjnsS5y53J5R2rogJZ1Nssebi34s+ck3+meO17Kik='";

describe("inline scripts in the content security policy", () => {
  let folder = "";
  afterEach(() => folder && rmSync(folder, { recursive: true, force: true }));

  it("allows each script the page runs inline, by the hash of its exact text", () => {
    const html = `<head><script>alert(1)</script><script type="module">console.log("x")</script></head>`;
    expect(inlineScriptHashes(html)).toEqual([ALERT, LOG]);
  });

  it("leaves out scripts loaded from a file and data blocks the browser never runs", () => {
    const html = `<script type="module" src="/assets/boot.js"></script><script type="application/ld+json">{"@type":"WebSite"}</script><script>alert(1)</script>`;
    expect(inlineScriptHashes(html)).toEqual([ALERT]);
  });

  it("does not allow a script that differs by one character", () => {
    expect(inlineScriptHashes("<script>alert(2)</script>")).not.toContain(ALERT);
  });

  it("reads them from the built index.html, and allows none when the web app is not built", () => {
    folder = mkdtempSync(path.join(tmpdir(), "inline-scripts-"));
    expect(inlineScriptSources(folder)).toEqual([]);
    writeFileSync(path.join(folder, "index.html"), "<!doctype html><html><head><script>alert(1)</script></head></html>");
    expect(inlineScriptSources(folder)).toEqual([ALERT]);
  });
});
