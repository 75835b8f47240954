import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadEnvFile } from "./env-file";

describe(".env", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "dialwise-env-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const file = path.join(folder, ".env");
  writeFileSync(file, ['# comment', "PORT=4000", 'MAIL_FROM="Dialwise <no-reply@example.com>"', "DATA_DIR=./elsewhere", "LOG_LEVEL=debug", ""].join("\n"));

  it("sets what the environment lacks and leaves what it has, even an empty value", () => {
    const env: NodeJS.ProcessEnv = { DATA_DIR: "/srv/dialwise", LOG_LEVEL: "" };
    expect(loadEnvFile(file, env)).toBe(file);
    expect(env).toEqual({ PORT: "4000", MAIL_FROM: "Dialwise <no-reply@example.com>", DATA_DIR: "/srv/dialwise", LOG_LEVEL: "" });
  });

  it("is optional", () => {
    const env: NodeJS.ProcessEnv = { PORT: "3000" };
    expect(loadEnvFile(path.join(folder, "missing.env"), env)).toBeNull();
    expect(env).toEqual({ PORT: "3000" });
  });
});
