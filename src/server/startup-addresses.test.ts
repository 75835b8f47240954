import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/server-process";
import { uniqueEmail } from "./test/factories";

/**
 * `npm start` as a new user runs it (no PUBLIC_URL, every interface, development):
 * each address its start-up log prints as a link is one where signing up works.
 */
describe("the addresses the start-up log prints", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dialwise-startup-"));
  let child: ChildProcess;
  let port: number;
  let output = "";

  beforeAll(async () => {
    port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "development", DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "info", NO_COLOR: "1", PORT: String(port), HOST: "0.0.0.0" };
    delete env.PUBLIC_URL;
    delete env.TEST;
    child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], { env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      const check = setInterval(() => {
        if (output.includes("Dialwise is running at")) {
          clearInterval(check);
          resolve();
        } else if (child.exitCode !== null) {
          clearInterval(check);
          reject(new Error(`the server exited:\n${output}`));
        }
      }, 100);
    });
  }, 180_000);

  afterAll(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("lets a visitor sign up at every one of them", async () => {
    const printed = new Set([...output.matchAll(/https?:\/\/[^\s)]+/g)].map((match) => new URL(match[0]).origin));
    expect(printed).toContain(`http://localhost:${port}`);
    expect(printed).toContain(`http://127.0.0.1:${port}`);
    for (const origin of printed) {
      const answer = await fetch(`${origin}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin, referer: `${origin}/en/signup` },
        body: JSON.stringify({ email: uniqueEmail(), password: "a-long-secret", name: "New", callbackURL: "/en/auth" }),
      });
      expect(answer.status, `${origin}: ${await answer.clone().text()}`).toBe(200);
    }
  });
});
