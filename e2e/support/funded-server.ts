import { rmSync } from "node:fs";
import { request as playwrightRequest } from "@playwright/test";
import { startProcess, type ServerProcess } from "../../scripts/server-process";
import { BROWSER_ARGS, chromiumPath } from "../../playwright.config";
import { BUILT_SERVER, type RunningServer, testServerEnv } from "../fixtures";
import { createAdmin, createVerifiedUser, signIn, type TestAccount } from "./accounts";
import { newDataFolder } from "./data-folder";

/** Chromium with a fake microphone that needs no permission prompt: what the call flows run in. */
export const MICROPHONE_ARGS = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", "--autoplay-policy=no-user-gesture-required"];

/** The suite's browser (playwright.config.ts) with that microphone: `test.use({ launchOptions: MICROPHONE_LAUNCH })`. */
export const MICROPHONE_LAUNCH = { executablePath: chromiumPath, args: [...BROWSER_ARGS, ...MICROPHONE_ARGS] };

export interface FundedServer {
  running: RunningServer;
  accounts: TestAccount[];
  stop: () => Promise<void>;
}

/**
 * A server of its own with customers who hold credit: each account is signed up on the running
 * server and funded as an operator's admin funds one, through the credit audit's adjustment
 * endpoint (an `admin_adjustment` ledger row), without stopping the server. Amounts are decimal
 * strings ("5", "0.03"). The command-line grant (credits:grant) is what local-carrier-media.spec.ts
 * and deployment.spec.ts fund with.
 */
export async function startFundedServer(amounts: string[]): Promise<FundedServer> {
  const dataDir = newDataFolder("calls");
  const server: ServerProcess = await startProcess(BUILT_SERVER, testServerEnv(dataDir), "/readyz");
  const running: RunningServer = { baseURL: server.url, dataDir, output: server.output };
  const request = await playwrightRequest.newContext();
  try {
    const accounts: TestAccount[] = [];
    for (const _amount of amounts) accounts.push(await createVerifiedUser(request, running));
    const operator = await playwrightRequest.newContext();
    try {
      await signIn(operator, running, await createAdmin(operator, running));
      for (const [index, amount] of amounts.entries()) {
        const funded = await operator.post(new URL("/api/admin/credit-audit/adjustments", server.url).href, {
          data: { email: accounts[index]!.email, amount, reason: "browser test" },
          headers: { origin: server.url },
        });
        if (!funded.ok()) throw new Error(`funding ${accounts[index]!.email} failed: ${funded.status()} ${await funded.text()}`);
      }
    } finally {
      await operator.dispose();
    }
    return {
      running,
      accounts,
      stop: async () => {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  } finally {
    await request.dispose();
  }
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
