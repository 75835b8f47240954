import type { CallQuality } from "../../../shared/api/calls";

/** One reading of a call's media, from getStats() or a Twilio `sample` event. */
export interface QualitySample {
  rttMs: number | null;
  jitterMs: number | null;
  mos: number | null;
  /** Running totals since the call started. */
  packetsSent: number | null;
  packetsReceived: number | null;
  packetsLost: number | null;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Averages RTT, jitter and MOS over a call's samples and keeps the last packet totals. */
export class QualityMeter {
  private readonly sums: Record<"rtt" | "jitter" | "mos", { total: number; count: number }> = {
    rtt: { total: 0, count: 0 },
    jitter: { total: 0, count: 0 },
    mos: { total: 0, count: 0 },
  };
  private last: QualitySample | null = null;

  add(sample: QualitySample): void {
    const add = (key: keyof typeof this.sums, value: number | null) => {
      if (value === null || !Number.isFinite(value) || value < 0) return;
      this.sums[key].total += value;
      this.sums[key].count += 1;
    };
    add("rtt", sample.rttMs);
    add("jitter", sample.jitterMs);
    add("mos", sample.mos);
    this.last = sample;
  }

  summary(): CallQuality {
    const mean = (key: keyof typeof this.sums) => (this.sums[key].count === 0 ? null : this.sums[key].total / this.sums[key].count);
    const rtt = mean("rtt");
    const jitter = mean("jitter");
    const mos = mean("mos");
    const received = this.last?.packetsReceived ?? null;
    const lost = this.last?.packetsLost ?? null;
    const expected = received === null || lost === null ? 0 : received + Math.max(0, lost);
    return {
      rttMs: rtt === null ? null : round(clamp(rtt, 0, 60_000), 1),
      jitterMs: jitter === null ? null : round(clamp(jitter, 0, 60_000), 2),
      packetLoss: expected === 0 || lost === null ? null : round(clamp(Math.max(0, lost) / expected, 0, 1), 4),
      mos: mos === null ? null : round(clamp(mos, 1, 5), 2),
      packetsSent: this.last?.packetsSent == null ? null : Math.max(0, Math.round(this.last.packetsSent)),
      packetsReceived: received === null ? null : Math.max(0, Math.round(received)),
    };
  }
}

/** Whether anything was measured at all (a call that never connected has no media to report). */
export function hasMeasurements(quality: CallQuality): boolean {
  return quality.rttMs !== null || quality.jitterMs !== null || quality.packetsSent !== null || quality.packetsReceived !== null;
}

type StatsEntry = Record<string, unknown> & { type: string };
const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/**
 * Reads one sample from an RTCPeerConnection's audio stats: RTT from the remote's
 * report on what we sent (or the selected ICE pair), jitter and loss from what we receive.
 */
export function sampleFromStats(report: RTCStatsReport): QualitySample {
  let rtt: number | null = null;
  let pairRtt: number | null = null;
  let jitter: number | null = null;
  let received: number | null = null;
  let lost: number | null = null;
  let sent: number | null = null;
  report.forEach((raw) => {
    const entry = raw as StatsEntry;
    if (entry.kind !== undefined && entry.kind !== "audio") return;
    if (entry.type === "remote-inbound-rtp") rtt = num(entry.roundTripTime) ?? rtt;
    if (entry.type === "candidate-pair" && (entry.nominated === true || entry.selected === true)) pairRtt = num(entry.currentRoundTripTime) ?? pairRtt;
    if (entry.type === "inbound-rtp") {
      jitter = num(entry.jitter) ?? jitter;
      received = num(entry.packetsReceived) ?? received;
      lost = num(entry.packetsLost) ?? lost;
    }
    if (entry.type === "outbound-rtp") sent = num(entry.packetsSent) ?? sent;
  });
  const seconds = rtt ?? pairRtt;
  return {
    rttMs: seconds === null ? null : seconds * 1000,
    jitterMs: jitter === null ? null : (jitter as number) * 1000,
    mos: null,
    packetsSent: sent,
    packetsReceived: received,
    packetsLost: lost,
  };
}
