import { describe, expect, it } from "vitest";
import { additionalHostAddresses } from "./ice-addresses";

const entry = (address: string, internal: boolean, family: "IPv4" | "IPv6" = "IPv4") => ({ address, internal, family });

describe("the peer's extra ICE host addresses", () => {
  it("adds loopback on a host that has nothing else", () => {
    expect(additionalHostAddresses({ lo: [entry("127.0.0.1", true), entry("::1", true, "IPv6")] })).toEqual(["127.0.0.1"]);
    expect(additionalHostAddresses({ lo: [entry("127.0.0.1", true)], eth0: [entry("fe80::1", false, "IPv6")] })).toEqual(["127.0.0.1"]);
  });

  it("adds nothing where werift finds the host's own address", () => {
    expect(additionalHostAddresses({ lo: [entry("127.0.0.1", true)], eth0: [entry("10.0.0.5", false)] })).toEqual([]);
  });
});
