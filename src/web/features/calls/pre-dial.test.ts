import { describe, expect, it, vi } from "vitest";
import { toRatedCountries } from "../../lib/rates/rated-countries";
import { publicRate } from "../../test/rates.fixtures";
import { firstDialBlock, type PreDialInput } from "./pre-dial";

const [US] = toRatedCountries([publicRate("US")]);

const ok = (): PreDialInput => ({ signedIn: true, country: US ?? null, local: "2025550123", deviceReady: true, microphone: vi.fn(() => Promise.resolve(true)) });

describe("firstDialBlock: the spec's order of checks", () => {
  it("passes a signed-in caller with a country, a number, a ready device and a microphone", async () => {
    expect(await firstDialBlock(ok())).toBeNull();
  });

  it("asks for sign-in first, whatever else is missing, and never asks for the microphone", async () => {
    const input = { ...ok(), signedIn: false, country: null, local: "", deviceReady: false };
    expect(await firstDialBlock(input)).toBe("sign_in");
    expect(input.microphone).not.toHaveBeenCalled();
  });

  it("then the country, then the number, then the device, then the microphone, then the emergency block", async () => {
    expect(await firstDialBlock({ ...ok(), country: null, local: "", deviceReady: false })).toBe("country");
    expect(await firstDialBlock({ ...ok(), local: "", deviceReady: false })).toBe("number");
    const notReady = { ...ok(), deviceReady: false, local: "911" };
    expect(await firstDialBlock(notReady)).toBe("device");
    expect(notReady.microphone).not.toHaveBeenCalled();
    expect(await firstDialBlock({ ...ok(), local: "911", microphone: () => Promise.resolve(false) })).toBe("microphone");
    expect(await firstDialBlock({ ...ok(), local: "911" })).toBe("emergency");
  });

  it("blocks emergency numbers however they are typed, and not ordinary numbers that end in one", async () => {
    expect(await firstDialBlock({ ...ok(), local: "112" })).toBe("emergency");
    expect(await firstDialBlock({ ...ok(), local: "988" })).toBe("emergency");
    expect(await firstDialBlock({ ...ok(), local: "2125550911" })).toBeNull();
  });
});
