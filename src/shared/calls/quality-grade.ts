import type { CallQuality } from "../api/calls";

export type QualityGrade = "good" | "fair" | "poor";

/**
 * Where each figure stops being good and starts being poor. The round-trip and jitter
 * limits follow ITU-T G.114's guidance for conversation (a delay past ~300 ms is noticed,
 * past ~500 ms it hurts), and Twilio's own warnings (jitter over 30 ms, loss over 1 %,
 * MOS under 3.5); a figure between the two limits is fair.
 */
export const QUALITY_LIMITS = {
  rttMs: { good: 300, poor: 500 },
  jitterMs: { good: 30, poor: 50 },
  packetLoss: { good: 0.01, poor: 0.05 },
} as const;
export const MOS_LIMITS = { good: 4, poor: 3.5 } as const;

const RANK: Record<QualityGrade, number> = { good: 0, fair: 1, poor: 2 };

function higherIsWorse(value: number | null, limit: { good: number; poor: number }): QualityGrade | null {
  if (value === null) return null;
  if (value <= limit.good) return "good";
  return value > limit.poor ? "poor" : "fair";
}

/**
 * One word for a call's media quality: the worst of what was measured, so a call with
 * fine delay but heavy loss is poor. Null when the device measured nothing.
 */
export function qualityGrade(quality: CallQuality | null): QualityGrade | null {
  if (!quality) return null;
  const grades = [
    higherIsWorse(quality.rttMs, QUALITY_LIMITS.rttMs),
    higherIsWorse(quality.jitterMs, QUALITY_LIMITS.jitterMs),
    higherIsWorse(quality.packetLoss, QUALITY_LIMITS.packetLoss),
    quality.mos === null ? null : quality.mos >= MOS_LIMITS.good ? "good" : quality.mos < MOS_LIMITS.poor ? "poor" : "fair",
  ].filter((grade): grade is QualityGrade => grade !== null);
  if (grades.length === 0) return null;
  return grades.reduce((worst, grade) => (RANK[grade] > RANK[worst] ? grade : worst));
}
