import { describe, expect, it } from "vitest";
import { assertRuntimeDependencies, packageName } from "./build.js";

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
