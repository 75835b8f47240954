import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirLockedError } from "./db/data-dir-lock";
import { moveEarlierRuntimeState } from "./earlier-data-folder";

describe("runtime state an earlier version kept in ./data", () => {
  let project: string;
  let data: string;
  let runtime: string;
  beforeEach(() => {
    project = mkdtempSync(path.join(tmpdir(), "dialwise-layout-"));
    data = path.join(project, "data");
    runtime = path.join(project, "var");
    // The seed data and an earlier version's runtime state side by side.
    mkdirSync(path.join(data, "translations"), { recursive: true });
    writeFileSync(path.join(data, "provider-voice-rates.csv"), "iso,country\n");
    mkdirSync(path.join(data, "db"));
    writeFileSync(path.join(data, "db", "PG_VERSION"), "17\n");
    writeFileSync(path.join(data, "secrets.json"), '{"authSecret":"kept"}\n');
  });
  afterEach(() => rmSync(project, { recursive: true, force: true }));

  it("moves to ./var once, with a line for the log, and leaves the seed data", () => {
    const notes = moveEarlierRuntimeState({ dataDir: runtime, cwd: project });
    expect(notes).toEqual([{ level: "info", message: expect.stringMatching(/^Moved the embedded database and the generated secrets from .*data to .*var/) }]);
    expect(readFileSync(path.join(runtime, "db", "PG_VERSION"), "utf8")).toBe("17\n");
    expect(readFileSync(path.join(runtime, "secrets.json"), "utf8")).toContain("kept");
    expect(existsSync(path.join(data, "db"))).toBe(false);
    expect(existsSync(path.join(data, "secrets.json"))).toBe(false);
    expect(existsSync(path.join(data, "provider-voice-rates.csv"))).toBe(true);
    expect(existsSync(path.join(data, "translations"))).toBe(true);

    expect(moveEarlierRuntimeState({ dataDir: runtime, cwd: project })).toEqual([]);
  });

  it("leaves everything alone when DATA_DIR names another folder, ./data included", () => {
    expect(moveEarlierRuntimeState({ dataDir: path.join(project, "state"), cwd: project })).toEqual([]);
    expect(moveEarlierRuntimeState({ dataDir: data, cwd: project })).toEqual([]);
    expect(existsSync(path.join(data, "db"))).toBe(true);
    expect(existsSync(path.join(project, "state"))).toBe(false);
  });

  it("never overwrites: what ./var already holds stays, and the log says what was left behind", () => {
    mkdirSync(path.join(runtime, "db"), { recursive: true });
    writeFileSync(path.join(runtime, "db", "PG_VERSION"), "newer\n");
    const notes = moveEarlierRuntimeState({ dataDir: runtime, cwd: project });
    expect(notes.map((note) => note.level)).toEqual(["info", "warn"]);
    expect(notes[0]?.message).toMatch(/^Moved the generated secrets/);
    expect(notes[1]?.message).toMatch(/data\/db was left where it is: .*var\/db exists already/);
    expect(readFileSync(path.join(runtime, "db", "PG_VERSION"), "utf8")).toBe("newer\n");
    expect(existsSync(path.join(data, "db", "PG_VERSION"))).toBe(true);
  });

  it("refuses while an earlier server still runs on ./data, and moves nothing", () => {
    // Our parent process is alive, so its pid stands for a running server.
    writeFileSync(path.join(data, "server.pid"), `${process.ppid}\nthe Dialwise server\n2026-01-01T00:00:00.000Z\n`);
    expect(() => moveEarlierRuntimeState({ dataDir: runtime, cwd: project })).toThrow(DataDirLockedError);
    expect(existsSync(path.join(data, "db"))).toBe(true);
    expect(existsSync(runtime)).toBe(false);
  });

  it("drops the pid file a stopped earlier server left", () => {
    writeFileSync(path.join(data, "server.pid"), "999999999\nthe Dialwise server\n2026-01-01T00:00:00.000Z\n");
    moveEarlierRuntimeState({ dataDir: runtime, cwd: project });
    expect(existsSync(path.join(data, "server.pid"))).toBe(false);
    expect(existsSync(path.join(runtime, "db"))).toBe(true);
  });
});
