import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** A script element's opening tag and content; only those without `src` and of a type the browser runs are scripts the policy must allow. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const RUNNABLE_TYPE = /^\s*$|^(text\/javascript|module)$/i;

/**
 * The content security policy's sources for the inline scripts of the built index.html
 * (the early-input capture, decision 035): each one's SHA-256, so the browser runs exactly
 * these and no other inline script. Empty when the web app has not been built.
 */
export function inlineScriptSources(webRoot: string): string[] {
  const indexFile = path.join(webRoot, "index.html");
  return existsSync(indexFile) ? inlineScriptHashes(readFileSync(indexFile, "utf8")) : [];
}

export function inlineScriptHashes(html: string): string[] {
  const sources: string[] = [];
  for (const [, attributes = "", content = ""] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? "";
    if (!RUNNABLE_TYPE.test(type)) continue;
    sources.push(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  return sources;
}
