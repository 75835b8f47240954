import { networkInterfaces } from "node:os";

type Interfaces = Record<string, readonly { family: string; internal: boolean }[] | undefined>;

/**
 * Extra host addresses for the peer's ICE candidates. werift gathers the machine's
 * own (non-loopback) IPv4 addresses, and a browser on the same machine pairs with
 * them; a host with only loopback (a container, a laptop offline) would have no
 * candidate at all, so loopback is added there.
 */
export function additionalHostAddresses(interfaces: Interfaces = networkInterfaces()): string[] {
  const external = Object.values(interfaces)
    .flat()
    .some((entry) => entry !== undefined && entry.family === "IPv4" && !entry.internal);
  return external ? [] : ["127.0.0.1"];
}
