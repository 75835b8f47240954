import { describe, expect, it } from "vitest";
import type { CallQuality } from "../api/calls";
import { qualityGrade } from "./quality-grade";

const measured = (figures: Partial<CallQuality>): CallQuality => ({
  rttMs: null,
  jitterMs: null,
  packetLoss: null,
  mos: null,
  packetsSent: null,
  packetsReceived: null,
  ...figures,
});

describe("qualityGrade", () => {
  it("is null when nothing was measured", () => {
    expect(qualityGrade(null)).toBeNull();
    expect(qualityGrade(measured({ packetsSent: 100 }))).toBeNull();
  });

  it("grades each figure at its limits", () => {
    expect(qualityGrade(measured({ rttMs: 300 }))).toBe("good");
    expect(qualityGrade(measured({ rttMs: 301 }))).toBe("fair");
    expect(qualityGrade(measured({ rttMs: 501 }))).toBe("poor");
    expect(qualityGrade(measured({ jitterMs: 30 }))).toBe("good");
    expect(qualityGrade(measured({ jitterMs: 40 }))).toBe("fair");
    expect(qualityGrade(measured({ jitterMs: 51 }))).toBe("poor");
    expect(qualityGrade(measured({ packetLoss: 0.01 }))).toBe("good");
    expect(qualityGrade(measured({ packetLoss: 0.02 }))).toBe("fair");
    expect(qualityGrade(measured({ packetLoss: 0.06 }))).toBe("poor");
    expect(qualityGrade(measured({ mos: 4.2 }))).toBe("good");
    expect(qualityGrade(measured({ mos: 3.7 }))).toBe("fair");
    expect(qualityGrade(measured({ mos: 3.2 }))).toBe("poor");
  });

  it("takes the worst figure", () => {
    expect(qualityGrade(measured({ rttMs: 40, jitterMs: 3, packetLoss: 0.08 }))).toBe("poor");
    expect(qualityGrade(measured({ rttMs: 350, jitterMs: 3, packetLoss: 0 }))).toBe("fair");
    expect(qualityGrade(measured({ rttMs: 40, jitterMs: 3, packetLoss: 0, mos: 4.4 }))).toBe("good");
  });
});
