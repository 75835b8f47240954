import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { request as playwrightRequest } from "@playwright/test";
import { startProcess, type ServerProcess } from "../../scripts/server-process";
import { BUILT_SERVER, type RunningServer } from "../fixtures";
import { createVerifiedUser, type TestAccount } from "./accounts";

/** Chromium with a fake microphone that needs no permission prompt: what the call flows run in. */
export const MICROPHONE_ARGS = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", "--autoplay-policy=no-user-gesture-required"];

export interface FundedServer {
  running: RunningServer;
  accounts: TestAccount[];
  stop: () => Promise<void>;
}

/**
 * A server of its own with customers who hold credit: each account is signed up on the
 * running server, which is then stopped so `credits:grant` (the built script, as an operator
 * runs it) can write the admin adjustment into the embedded database, and started again on
 * the same data folder. Amounts are decimal strings ("5", "0.03").
 */
export async function startFundedServer(amounts: string[]): Promise<FundedServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dialwise-e2e-calls-"));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: "warn", DATABASE_URL: "" };
  const first = await startProcess(BUILT_SERVER, env, "/readyz");
  const request = await playwrightRequest.newContext();
  const accounts: TestAccount[] = [];
  for (const _amount of amounts) accounts.push(await createVerifiedUser(request, { baseURL: first.url, dataDir, output: first.output }));
  await request.dispose();
  await first.stop();
  for (const [index, amount] of amounts.entries()) {
    const grant = spawnSync(process.execPath, [path.resolve(import.meta.dirname, "../../dist/server/credits-grant.js"), "--email", accounts[index]!.email, "--amount", amount, "--reason", "browser test"], {
      env: { ...process.env, ...env },
      encoding: "utf8",
    });
    if (grant.status !== 0) throw new Error(`credits:grant failed: ${grant.stdout}${grant.stderr}`);
  }
  const server: ServerProcess = await startProcess(BUILT_SERVER, env, "/readyz");
  return {
    running: { baseURL: server.url, dataDir, output: server.output },
    accounts,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Keeps every RTCPeerConnection the page opens on `window.__peers`, so a test can read the
 * call's own statistics (packets sent and received) without the app exposing anything.
 */
export const RECORD_PEER_CONNECTIONS = `(() => {
  const Original = window.RTCPeerConnection;
  window.__peers = [];
  window.RTCPeerConnection = class extends Original {
    constructor(...args) {
      super(...args);
      window.__peers.push(this);
    }
  };
})()`;

/** Audio packets of the newest peer connection: { sent, received }. */
export const READ_PACKETS = `(async () => {
  const pc = window.__peers[window.__peers.length - 1];
  let sent = 0;
  let received = 0;
  if (!pc) return { sent, received };
  (await pc.getStats()).forEach((report) => {
    if (report.type === "inbound-rtp" && report.kind === "audio") received += report.packetsReceived || 0;
    if (report.type === "outbound-rtp" && report.kind === "audio") sent += report.packetsSent || 0;
  });
  return { sent, received };
})()`;
