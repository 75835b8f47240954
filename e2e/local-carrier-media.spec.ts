import { execFile } from "node:child_process";
import { promisify } from "node:util";
import path from "node:path";
import { expect, testWithOwnServer as test, type RunningServer } from "./fixtures";
import { signIn, type TestAccount } from "./support/accounts";
import { MICROPHONE_LAUNCH, startFundedServer, type FundedServer } from "./support/funded-server";

/**
 * The local carrier's media with a real browser: Chromium's fake microphone opens a
 * plain RTCPeerConnection to the werift peer inside the server over our signalling
 * routes, hears the ringback, and once the test number answers gets its own audio
 * back. Packets must flow both ways (the peer connection's own statistics), and the
 * call is billed by the server when the browser hangs up.
 */
test.use({ launchOptions: MICROPHONE_LAUNCH });

const run = promisify(execFile);

let funded: FundedServer;
let running: RunningServer;
let account: TestAccount;

test.beforeAll(async () => {
  // A customer with $5.
  funded = await startFundedServer(["5"]);
  running = funded.running;
  account = funded.accounts[0]!;
});

test.afterAll(async () => funded?.stop());

interface Packets {
  received: number;
  sent: number;
  /** The inbound audio's total energy (getStats' totalAudioEnergy): above 0 once the browser heard sound. */
  energy: number;
  codec: string;
}
interface CallResult {
  error?: string;
  callSid?: string;
  whileRinging?: Packets;
  afterAnswer?: Packets;
  hungUp?: unknown;
}

/**
 * What the page runs (plain JavaScript: the server's type-check has no DOM): the device's
 * side of a call, as the web app's local device does it, reading the packet counts
 * from getStats() while it rings and after the test number answered.
 */
const PLACE_CALL = `(async () => {
  const post = async (url, body) => {
    const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return { status: response.status, body: await response.json() };
  };
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const { token, grant } = (await post("/api/voice/token", {})).body;
  const microphone = await navigator.mediaDevices.getUserMedia({ audio: true });
  const pc = new RTCPeerConnection();
  // Played out, as the device plays it: the browser measures the energy of audio it renders.
  const speaker = new Audio();
  pc.addEventListener("track", (event) => {
    speaker.srcObject = event.streams[0] || new MediaStream([event.track]);
    speaker.play().catch(() => undefined);
  });
  for (const track of microphone.getTracks()) pc.addTrack(track, microphone);
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    pc.addEventListener("icegatheringstatechange", () => pc.iceGatheringState === "complete" && resolve());
    setTimeout(resolve, 3000);
  });
  // With the call grant, as the app's device sends it (a call without one is refused at the gate).
  const dialled = await post("/api/local-carrier/calls", { token, grant, to: "+442079460123", sdp: pc.localDescription.sdp });
  if (dialled.status !== 201) return { error: "dial answered " + dialled.status + ": " + JSON.stringify(dialled.body) };
  const { callSid, sdp } = dialled.body;
  await pc.setRemoteDescription({ type: "answer", sdp });
  const packets = async () => {
    let received = 0;
    let sent = 0;
    let energy = 0;
    let codec = "";
    const stats = await pc.getStats();
    stats.forEach((report) => {
      if (report.type === "inbound-rtp" && report.kind === "audio") {
        received += report.packetsReceived || 0;
        energy += report.totalAudioEnergy || 0;
        codec = stats.get(report.codecId)?.mimeType || codec;
      }
      if (report.type === "outbound-rtp" && report.kind === "audio") sent += report.packetsSent || 0;
    });
    return { received, sent, energy, codec };
  };
  // Waits (up to 15 s) until the call's statistics show what it waits for.
  const until = async (done) => {
    const deadline = Date.now() + 15000;
    for (;;) {
      const now = await packets();
      if (done(now) || Date.now() > deadline) return now;
      await sleep(100);
    }
  };
  // Ringing (the tone) for about 2 s, then answered: the echo of our own audio.
  const whileRinging = await until((now) => now.received > 20 && now.energy > 0);
  const afterAnswer = await until((now) => now.sent > 100 && now.received - whileRinging.received > 100);
  const hungUp = await post("/api/local-carrier/calls/" + callSid + "/hangup", { token });
  pc.close();
  speaker.pause();
  microphone.getTracks().forEach((track) => track.stop());
  return { callSid, whileRinging, afterAnswer, hungUp: hungUp.body };
})()`;

test("audio flows both ways between Chromium and the local carrier, and the call is billed", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(`${running.baseURL}/en`);
  await signIn(page.request, running, account);

  const result = (await page.evaluate(PLACE_CALL)) as CallResult;

  expect(result).not.toHaveProperty("error");
  expect(result.whileRinging?.received).toBeGreaterThan(20);
  // The ringback is real sound in G.711, not silence.
  expect(result.whileRinging?.codec).toBe("audio/PCMU");
  expect(result.whileRinging?.energy).toBeGreaterThan(0);
  expect(result.afterAnswer?.sent).toBeGreaterThan(100);
  // 20 ms packets: the echo keeps them coming after the ringback stopped.
  expect((result.afterAnswer?.received ?? 0) - (result.whileRinging?.received ?? 0)).toBeGreaterThan(100);
  expect(result.hungUp).toEqual({ ended: true });

  // The server settles it: one started minute at the quoted rate leaves the balance below $5.
  await expect
    .poll(async () => ((await (await page.request.get(`${running.baseURL}/api/credits/balance`)).json()) as { balance: string }).balance, { timeout: 10_000 })
    .not.toBe("5.0000");
});

/**
 * An incoming call: the page listens on /api/events, `npm run carrier:ring` (the built
 * script, signing with the secret in the server's data folder) rings the customer, the
 * page answers with its own offer and hears itself back; the call is free.
 */
const ANSWER_INCOMING = `(async () => {
  const post = async (url, body) => {
    const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return { status: response.status, body: await response.json() };
  };
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const deadline = Date.now() + 20000;
  while (window.__incoming.length === 0 && Date.now() < deadline) await sleep(50);
  const incoming = window.__incoming[0];
  if (!incoming) return { error: "no incoming call" };
  const { token } = (await post("/api/voice/token", {})).body;
  const microphone = await navigator.mediaDevices.getUserMedia({ audio: true });
  const pc = new RTCPeerConnection();
  for (const track of microphone.getTracks()) pc.addTrack(track, microphone);
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    pc.addEventListener("icegatheringstatechange", () => pc.iceGatheringState === "complete" && resolve());
    setTimeout(resolve, 3000);
  });
  const answered = await post("/api/local-carrier/calls/" + incoming.callSid + "/answer", { token, sdp: pc.localDescription.sdp });
  if (answered.status !== 200) return { error: "answer answered " + answered.status + ": " + JSON.stringify(answered.body) };
  await pc.setRemoteDescription({ type: "answer", sdp: answered.body.sdp });
  // The echo of our own audio: wait (up to 15 s) until 50 packets came back.
  let received = 0;
  for (const deadline = Date.now() + 15000; received <= 50 && Date.now() < deadline; await sleep(100)) {
    received = 0;
    (await pc.getStats()).forEach((report) => {
      if (report.type === "inbound-rtp" && report.kind === "audio") received += report.packetsReceived || 0;
    });
  }
  const hungUp = await post("/api/local-carrier/calls/" + incoming.callSid + "/hangup", { token });
  pc.close();
  microphone.getTracks().forEach((track) => track.stop());
  window.__events.close();
  return { callSid: incoming.callSid, from: incoming.from, received, hungUp: hungUp.body };
})()`;

test("npm run carrier:ring rings the signed-in customer, who answers and hears the echo, for free", async ({ page }) => {
  await page.goto(`${running.baseURL}/en`);
  await signIn(page.request, running, account);
  const before = ((await (await page.request.get(`${running.baseURL}/api/credits/balance`)).json()) as { balance: string }).balance;
  // The device's live events: every incoming call is kept from the moment the stream opens.
  await page.evaluate(`window.__incoming = [];
    window.__events = new EventSource("/api/events");
    window.__events.addEventListener("local_carrier.call", (event) => {
      const data = JSON.parse(event.data);
      if (data.state === "incoming") window.__incoming.push(data);
    });
    new Promise((resolve) => window.__events.addEventListener("open", resolve))`);

  const ring = await run(process.execPath, [path.resolve(import.meta.dirname, "../dist/server/carrier-ring.js"), "--email", account.email, "--from", "+46701234567", "--url", running.baseURL], {
    env: { ...process.env, DATA_DIR: running.dataDir, DATABASE_URL: "" },
  });
  const answering = page.evaluate(ANSWER_INCOMING) as Promise<{ error?: string; callSid?: string; from?: string; received?: number; hungUp?: unknown }>;
  expect(ring.stdout + ring.stderr).toMatch(/^Ringing .* from \+46701234567 \(call CA[0-9a-f]{32}\)/);
  const result = await answering;
  expect(result).not.toHaveProperty("error");
  expect(result.from).toBe("+46701234567");
  expect(ring.stdout).toContain(result.callSid);
  expect(result.received).toBeGreaterThan(50);
  expect(result.hungUp).toEqual({ ended: true });
  const after = ((await (await page.request.get(`${running.baseURL}/api/credits/balance`)).json()) as { balance: string }).balance;
  expect(after).toBe(before);
});
