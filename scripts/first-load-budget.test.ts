import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { assertFirstLoadBudget, FIRST_LOAD_BUDGET_BYTES, measureFirstLoad, packagesInFiles, scriptsOfHtml, staticClosure, type Manifest } from "./first-load-budget.js";

/** A build as Vite leaves it: a small entry that imports the app when the page has painted, the app, and the home page, each with static and dynamic imports. */
const MANIFEST: Manifest = {
  "index.html": { file: "assets/index-a.js", dynamicImports: ["main.tsx"], css: ["assets/index-a.css"] },
  "main.tsx": { file: "assets/main-i.js", imports: ["_react-b.js", "_shared-c.js"], dynamicImports: ["app/routes/home-page.tsx", "features/admin/page.tsx"] },
  "_react-b.js": { file: "assets/react-b.js" },
  "_shared-c.js": { file: "assets/shared-c.js", imports: ["_react-b.js"] },
  "app/routes/home-page.tsx": { file: "assets/home-page-d.js", imports: ["main.tsx", "_shared-c.js", "_phone-e.js"], dynamicImports: ["_voice-f.js"] },
  "_phone-e.js": { file: "assets/phone-e.js" },
  "_voice-f.js": { file: "assets/voice-f.js" },
  "features/admin/page.tsx": { file: "assets/admin-g.js" },
};
const HTML = `<head><script type="module" crossorigin src="/assets/index-a.js"></script><link rel="modulepreload" crossorigin href="/assets/react-b.js"><link rel="modulepreload" href="/assets/extra-h.js"><link rel="stylesheet" href="/assets/index-a.css"><link rel="icon" href="/favicon.svg"></head>`;

describe("the first-load budget", () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  /** A project folder with the build above; each script's body as given (a default small one), and its source map naming its sources (our own code unless given). */
  function project(bodies: Record<string, Buffer> = {}, sources: Record<string, string[]> = {}): string {
    const root = mkdtempSync(path.join(tmpdir(), "first-load-"));
    folders.push(root);
    mkdirSync(path.join(root, "dist", "web", "assets"), { recursive: true });
    writeFileSync(path.join(root, "dist", "web", "index.html"), HTML);
    writeFileSync(path.join(root, "dist", "web-manifest.json"), JSON.stringify(MANIFEST));
    for (const name of ["index-a", "main-i", "react-b", "shared-c", "home-page-d", "phone-e", "voice-f", "admin-g", "extra-h"]) {
      writeFileSync(path.join(root, "dist", "web", "assets", `${name}.js`), bodies[name] ?? Buffer.from(`export const ${name.replace(/\W/g, "_")} = ${JSON.stringify(name)};`));
      const map = { version: 3, sources: sources[name] ?? [`../../../src/web/${name}.ts`], mappings: "" };
      mkdirSync(path.join(root, "dist", "web-sourcemaps", "assets"), { recursive: true });
      writeFileSync(path.join(root, "dist", "web-sourcemaps", "assets", `${name}.js.map`), JSON.stringify(map));
    }
    return root;
  }

  it("counts the entry, the app and the home page with every static import, once each, and no lazy chunk", () => {
    expect(staticClosure(MANIFEST, ["index.html", "main.tsx", "app/routes/home-page.tsx"])).toEqual([
      "assets/index-a.js",
      "assets/main-i.js",
      "assets/react-b.js",
      "assets/shared-c.js",
      "assets/home-page-d.js",
      "assets/phone-e.js",
    ]);
    expect(() => staticClosure(MANIFEST, ["features/gone.tsx"])).toThrow(/no entry features\/gone\.tsx/);
  });

  it("counts what index.html itself makes the browser fetch: its module script and modulepreload links", () => {
    expect(scriptsOfHtml(HTML)).toEqual(["assets/index-a.js", "assets/react-b.js", "assets/extra-h.js"]);
  });

  it("sums the gzipped sizes of exactly those files", () => {
    const root = project();
    const measured = measureFirstLoad(path.join(root, "dist", "web"), MANIFEST);
    expect(measured.files.map((file) => file.file).sort()).toEqual(
      ["assets/extra-h.js", "assets/home-page-d.js", "assets/index-a.js", "assets/main-i.js", "assets/phone-e.js", "assets/react-b.js", "assets/shared-c.js"].sort(),
    );
    const expected = measured.files.reduce((sum, file) => sum + gzipSync(Buffer.from(`export const ${path.basename(file.file, ".js").replace(/\W/g, "_")} = ${JSON.stringify(path.basename(file.file, ".js"))};`), { level: 9 }).length, 0);
    expect(measured.gzipBytes).toBe(expected);
  });

  it("passes under the budget and fails over it, naming the largest file", () => {
    expect(assertFirstLoadBudget(project()).gzipBytes).toBeLessThan(FIRST_LOAD_BUDGET_BYTES);
    // Random bytes do not compress: a statically imported chunk just over the budget.
    const heavy = project({ "phone-e": randomBytes(FIRST_LOAD_BUDGET_BYTES) });
    expect(() => assertFirstLoadBudget(heavy)).toThrow(/over the budget .* Largest: assets\/phone-e\.js/);
    // The same bytes behind a dynamic import cost the first load nothing.
    expect(assertFirstLoadBudget(project({ "voice-f": randomBytes(FIRST_LOAD_BUDGET_BYTES) })).gzipBytes).toBeLessThan(1024);
  });

  it("names the packages a build's files hold, from their source maps", () => {
    const root = project({}, { "react-b": ["../../../node_modules/react-dom/cjs/react-dom-client.production.js", "../../../node_modules/@tanstack/query-core/build/modern/query.js"] });
    const packages = packagesInFiles(path.join(root, "dist", "web-sourcemaps"), ["assets/react-b.js", "assets/shared-c.js"]);
    expect([...packages]).toEqual([
      ["react-dom", "assets/react-b.js"],
      ["@tanstack/query-core", "assets/react-b.js"],
    ]);
    expect(() => packagesInFiles(path.join(root, "dist", "web-sourcemaps"), ["assets/missing.js"])).toThrow(/no source map/);
  });

  it("fails when zod is in the first load, however small, and not when only a lazy chunk holds it", () => {
    const zod = ["../../../node_modules/zod/v4/classic/schemas.js"];
    expect(() => assertFirstLoadBudget(project({}, { "shared-c": zod }))).toThrow(/holds zod \(in assets\/shared-c\.js\)/);
    expect(assertFirstLoadBudget(project({}, { "admin-g": zod })).gzipBytes).toBeLessThan(1024);
  });
});
