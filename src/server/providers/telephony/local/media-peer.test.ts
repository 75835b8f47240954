import { afterEach, describe, expect, it, vi } from "vitest";
import { answerOffer, MediaOfferError, type MediaEnd, type MediaPeer } from "./media-peer";
import { BROWSER_MARK, openBrowserPeer, type BrowserPeer } from "./testing/browser-peer";
import { MULAW_SILENCE } from "./mulaw";

describe("the carrier's media peer", () => {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((item) => item.close()));
  });

  async function connect(options: Parameters<typeof answerOffer>[1] = {}): Promise<{ browser: BrowserPeer; carrier: MediaPeer }> {
    const browser = await openBrowserPeer();
    opened.push(browser);
    const carrier = await answerOffer(browser.offer, options);
    opened.push(carrier);
    await browser.accept(carrier.sdp);
    return { browser, carrier };
  }

  it("answers an offer with PCMU and every ICE candidate", async () => {
    const { carrier } = await connect();
    expect(carrier.codec).toBe("pcmu");
    expect(carrier.sdp).toMatch(/a=candidate:/);
    expect(carrier.sdp).toMatch(/a=rtpmap:0 PCMU\/8000/);
  });

  it("plays the ringback while ringing, with continuous numbering, then echoes the caller", async () => {
    const { browser, carrier } = await connect();
    carrier.playRingback();
    await vi.waitFor(() => expect(browser.received.length).toBeGreaterThan(25), { timeout: 8000 });
    const ring = browser.received.slice();
    expect(ring.every((packet) => packet.payload.length === 160 && packet.header.payloadType === 0)).toBe(true);
    // The tone sounds for its first two seconds: real signal, not silence.
    expect(ring.some((packet) => packet.payload.some((byte) => byte !== MULAW_SILENCE))).toBe(true);
    for (let i = 1; i < ring.length; i += 1) {
      expect((ring[i]!.header.sequenceNumber - ring[i - 1]!.header.sequenceNumber) & 0xffff).toBe(1);
      expect((ring[i]!.header.timestamp - ring[i - 1]!.header.timestamp) >>> 0).toBe(160);
    }

    carrier.echo();
    const before = browser.received.length;
    await vi.waitFor(() => expect(browser.received.slice(before).filter((packet) => packet.payload[0] === BROWSER_MARK).length).toBeGreaterThan(10), { timeout: 5000 });
    const echoed = browser.received.slice(before).filter((packet) => packet.payload[0] === BROWSER_MARK);
    expect(echoed.every((packet) => packet.payload.length === 160)).toBe(true);
    // Sequence numbers run on from the ringback's.
    const last = ring[ring.length - 1]!;
    expect(echoed[0]!.header.sequenceNumber).not.toBe(last.header.sequenceNumber);
    expect(carrier.packets.received).toBeGreaterThan(10);
  });

  it("plays the caller's DTMF keys back during the echo", async () => {
    const { browser, carrier } = await connect();
    carrier.echo();
    await vi.waitFor(() => expect(carrier.packets.received).toBeGreaterThan(3), { timeout: 5000 });
    const { dtmfFrames } = await import("./dtmf");
    const frames = dtmfFrames("1");
    expect(carrier.playTones(frames)).toBe(true);
    await vi.waitFor(() => expect(browser.received.some((packet) => packet.payload.equals(frames[0]!))).toBe(true), { timeout: 3000 });
  });

  it("ends the call when the browser falls silent", async () => {
    const ended: MediaEnd[] = [];
    const { browser, carrier } = await connect({ silenceMs: 600, onEnded: (reason) => ended.push(reason) });
    await vi.waitFor(() => expect(carrier.packets.received).toBeGreaterThan(5), { timeout: 5000 });
    expect(ended).toEqual([]);
    browser.fallSilent();
    await vi.waitFor(() => expect(ended).toEqual(["silence"]), { timeout: 5000 });
  });

  it("answers a browser that offers only Opus, ringing with Opus silence and echoing its Opus packets", async () => {
    const browser = await openBrowserPeer({ opusOnly: true });
    opened.push(browser);
    const carrier = await answerOffer(browser.offer);
    opened.push(carrier);
    await browser.accept(carrier.sdp);
    expect(carrier.codec).toBe("opus");
    carrier.playRingback();
    await vi.waitFor(() => expect(browser.received.length).toBeGreaterThan(5), { timeout: 8000 });
    expect(browser.received.every((packet) => packet.payload.equals(Buffer.from([0xf8, 0xff, 0xfe])))).toBe(true);
    carrier.echo();
    await vi.waitFor(() => expect(browser.received.filter((packet) => packet.payload[0] === BROWSER_MARK).length).toBeGreaterThan(5), { timeout: 5000 });
  });

  it("refuses an offer it cannot answer", async () => {
    await expect(answerOffer("v=0\r\nnot an offer")).rejects.toBeInstanceOf(MediaOfferError);
  });
});
