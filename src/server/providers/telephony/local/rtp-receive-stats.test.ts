import { describe, expect, it } from "vitest";
import { RtpReceiveStats } from "./rtp-receive-stats";

// 8 kHz audio in 20 ms frames: 160 timestamp units per packet.
const FRAME = 160;

describe("the carrier's receive statistics (RFC 3550)", () => {
  it("measures nothing before the first packet", () => {
    expect(new RtpReceiveStats(8000).quality()).toBeNull();
  });

  it("counts no loss and no jitter for packets arriving exactly on time", () => {
    const stats = new RtpReceiveStats(8000);
    for (let i = 0; i < 100; i += 1) stats.record(1000 + i, 5000 + i * FRAME, i * 20);
    expect(stats.quality()).toEqual({ packetLossPercent: 0, jitterMs: 0 });
  });

  it("counts the packets that never came, across the sequence numbers' wrap", () => {
    const stats = new RtpReceiveStats(8000);
    // 200 packets sent from 65436, wrapping past 65535; every fifth (the fourth of each five, so the last one arrives) is lost: 40 of 200.
    for (let i = 0; i < 200; i += 1) {
      if (i % 5 === 3) continue;
      stats.record((65_436 + i) & 0xffff, i * FRAME, i * 20);
    }
    expect(stats.quality()?.packetLossPercent).toBe(20);
  });

  it("does not count a late packet as a new one nor as lost", () => {
    const stats = new RtpReceiveStats(8000);
    for (const [sequence, at] of [[1, 0], [2, 20], [4, 60], [3, 61], [5, 80]] as const) stats.record(sequence, (sequence - 1) * FRAME, at);
    expect(stats.quality()?.packetLossPercent).toBe(0);
  });

  it("converges on the jitter of packets alternately 10 ms early and late", () => {
    const stats = new RtpReceiveStats(8000);
    // Transit alternates ±10 ms, so each difference is 20 ms: the running mean tends to 20 ms.
    for (let i = 0; i < 500; i += 1) stats.record(i, i * FRAME, i * 20 + (i % 2 === 0 ? 10 : -10));
    expect(stats.quality()?.jitterMs).toBeCloseTo(20, 1);
  });
});
