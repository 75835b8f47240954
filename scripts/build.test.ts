import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterEach, describe, expect, it } from "vitest";
import { assertRuntimeDependencies, inputsDigest, localModuleGraph, packageName, ROOT, TARGETS } from "./build.js";

describe("the server build", () => {
  it("names the package of an import", () => {
    expect(packageName("drizzle-orm/pglite/migrator")).toBe("drizzle-orm");
    expect(packageName("@fastify/static")).toBe("@fastify/static");
    expect(packageName("@electric-sql/pglite/vector")).toBe("@electric-sql/pglite");
    expect(packageName("fastify")).toBe("fastify");
  });

  it("refuses a server that imports a package a production install lacks", () => {
    const manifest = { dependencies: { fastify: "^5.0.0" }, devDependencies: { tsx: "^4.0.0" } };
    expect(() => assertRuntimeDependencies(["fastify", "node:fs", "path"], manifest)).not.toThrow();
    expect(() => assertRuntimeDependencies(["fastify", "tsx", "left-pad"], manifest)).toThrow(
      /imports left-pad, tsx, which are not dependencies in package.json\. A production install \(npm ci --omit=dev\) would not have them/,
    );
  });
});

describe("the web build's inputs", () => {
  let project: string | null = null;
  afterEach(() => {
    if (project) rmSync(project, { recursive: true, force: true });
    project = null;
  });

  /** A throwaway project: each file by its path relative to the root. */
  function projectWith(files: Record<string, string>) {
    project = mkdtempSync(path.join(tmpdir(), "build-inputs-"));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(project, name)), { recursive: true });
      writeFileSync(path.join(project, name), text);
    }
    return project;
  }

  it("holds every file the real vite.config.ts imports by relative path", () => {
    // TypeScript's own reading of the imports, so the list cannot be checked against itself.
    const config = readFileSync(path.join(ROOT, "vite.config.ts"), "utf8");
    const relative = ts.preProcessFile(config, true, true).importedFiles.map((file) => file.fileName).filter((name) => name.startsWith("."));
    expect(relative.length).toBeGreaterThan(0);
    for (const specifier of relative) {
      const file = path.posix.join(".", specifier);
      const source = existsSync(path.join(ROOT, file)) ? file : file.replace(/\.js$/, ".ts");
      expect(TARGETS.web.inputs).toContain(source);
    }
  });

  it("follows imports through the files the configuration imports, and a change to any of them changes the digest", () => {
    const root = projectWith({
      "vite.config.ts": 'import { defineConfig } from "vite";\nimport { plugin } from "./scripts/plugin.js";\nexport default defineConfig({ plugins: [plugin()] });\n',
      // A TypeScript helper imported by the name of the .js it compiles to, a re-export, a side-effect import and a lazy one.
      "scripts/plugin.js": 'import { names } from "../config/names.js";\nexport { shared } from "./shared.js";\nimport "./side.js";\nexport const plugin = () => import("./lazy.js");\n',
      "config/names.ts": 'import data from "./names.json";\nexport const names: string[] = data;\n',
      "config/names.json": '["a"]\n',
      "scripts/shared.js": "export const shared = 1;\n",
      "scripts/side.js": "globalThis.side = 1;\n",
      "scripts/lazy.js": "export default 1;\n",
      "scripts/unused.js": "export const unused = 1;\n",
    });
    const inputs = localModuleGraph("vite.config.ts", root);
    expect(inputs.sort()).toEqual(["config/names.json", "config/names.ts", "scripts/lazy.js", "scripts/plugin.js", "scripts/shared.js", "scripts/side.js", "vite.config.ts"]);

    const before = inputsDigest({ inputs }, root);
    expect(inputsDigest({ inputs }, root)).toBe(before);
    writeFileSync(path.join(root, "config/names.json"), '["a", "b"]\n');
    const afterEdit = inputsDigest({ inputs: localModuleGraph("vite.config.ts", root) }, root);
    expect(afterEdit).not.toBe(before);
    // A file nothing imports is no input.
    writeFileSync(path.join(root, "scripts/unused.js"), "export const unused = 2;\n");
    expect(inputsDigest({ inputs: localModuleGraph("vite.config.ts", root) }, root)).toBe(afterEdit);
  });

  it("counts a file the configuration starts to import", () => {
    const root = projectWith({ "vite.config.ts": "export default {};\n", "scripts/helper.js": "export const helper = 1;\n" });
    const before = inputsDigest({ inputs: localModuleGraph("vite.config.ts", root) }, root);
    writeFileSync(path.join(root, "vite.config.ts"), 'import { helper } from "./scripts/helper.js";\nexport default { helper };\n');
    expect(localModuleGraph("vite.config.ts", root)).toContain("scripts/helper.js");
    const after = inputsDigest({ inputs: localModuleGraph("vite.config.ts", root) }, root);
    writeFileSync(path.join(root, "scripts/helper.js"), "export const helper = 2;\n");
    expect(inputsDigest({ inputs: localModuleGraph("vite.config.ts", root) }, root)).not.toBe(after);
    expect(after).not.toBe(before);
  });
});
