import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "./free-port.js";

/**
 * A server in its own process on a free loopback port: the browser tests and
 * the benchmarks run the real thing (the built server, as in production), and the
 * load generator does not share its event loop.
 */
export interface ServerProcess {
  url: string;
  /** The server's process id (the benchmarks read its CPU time). */
  pid: number;
  /** Everything the process printed so far (the local mail outbox prints links here). */
  output(): string;
  stop(): Promise<void>;
}

export { freePort } from "./free-port.js";

/**
 * Starts `script` with PORT and HOST set, and waits until `readyPath` answers 2xx.
 * A built .js file runs on plain node, as `npm start` runs the server; a .ts file
 * (a benchmark's own helper) through tsx.
 */
export async function startProcess(script: string, env: Record<string, string>, readyPath: string, options: { cwd?: string } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const runner = script.endsWith(".ts") ? ["--import", "tsx"] : ["--enable-source-maps"];
  const child: ChildProcess = spawn(process.execPath, [...runner, script], {
    env: { ...process.env, PUBLIC_URL: url, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${script} did not become ready:\n${output}`);
    }
    const ok = await fetch(`${url}${readyPath}`).then((response) => response.ok, () => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid ?? 0,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
