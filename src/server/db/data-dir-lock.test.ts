import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { claimDataDir, dataDirHolder, DataDirLockedError, LOCK_FILE_NAME } from "./data-dir-lock";

describe("the embedded data folder claim", () => {
  const folders: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "dialwise-lock-"));
    folders.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("writes a pid file, refuses a second claim, and frees the folder on release", () => {
    const dir = folder();
    const release = claimDataDir(dir, "the Dialwise server");
    expect(readFileSync(path.join(dir, LOCK_FILE_NAME), "utf8").split("\n")[0]).toBe(String(process.pid));
    expect(() => claimDataDir(dir, "a rates import")).toThrow(DataDirLockedError);
    release();
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    claimDataDir(dir, "a rates import")();
  });

  it("names the live process that holds the folder", () => {
    const dir = folder();
    // The test runner's parent is alive for the whole test.
    writeFileSync(path.join(dir, LOCK_FILE_NAME), `${process.ppid}\nthe Dialwise server\n2026-01-01T00:00:00.000Z\n`);
    expect(dataDirHolder(dir)).toEqual({ pid: process.ppid, label: "the Dialwise server", since: "2026-01-01T00:00:00.000Z" });
    expect(() => claimDataDir(dir, "a rates import")).toThrow(/The Dialwise server \(pid \d+, since 2026-01-01.*stop it first.*DATABASE_URL/);
  });

  it("takes over a claim left by a process that has died", () => {
    const dir = folder();
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    writeFileSync(path.join(dir, LOCK_FILE_NAME), `${dead}\nthe Dialwise server\n`);
    expect(dataDirHolder(dir)).toBeNull();
    const release = claimDataDir(dir, "a rates import");
    expect(dataDirHolder(dir)).toBeNull(); // held by us: not "another" process
    expect(readFileSync(path.join(dir, LOCK_FILE_NAME), "utf8")).toContain("a rates import");
    release();
  });
});
