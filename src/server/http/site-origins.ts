import { networkInterfaces, type NetworkInterfaceInfo } from "node:os";
import type { Config } from "../config";

type SiteConfig = Pick<Config, "publicUrl" | "port" | "host">;
type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];
const WILDCARD_HOSTS = new Set(["", "0.0.0.0", "::", "[::]"]);

/**
 * True when PUBLIC_URL is a plain-HTTP loopback address on the port we listen on:
 * the default (`http://localhost:PORT`) or a spelling of it. The site is then
 * being tried on this machine and is opened at whatever address the start-up log
 * printed, not at one address a proxy puts in front of it.
 */
export function isLocalPublicUrl(config: SiteConfig): boolean {
  const url = new URL(config.publicUrl);
  return url.protocol === "http:" && LOOPBACK_HOSTS.includes(url.hostname) && Number(url.port || 80) === config.port;
}

/**
 * The origins (`scheme://host[:port]`) whose pages are ours: PUBLIC_URL, and when
 * it is the local default also every address the server answers on and the start-up
 * log prints (the loopback names, and each interface address when HOST is a
 * wildcard). Addresses are literal IPs, so no other site can take one over by DNS.
 * better-auth and the same-origin check of API writes both trust exactly these.
 */
export function siteOrigins(config: SiteConfig, interfaces: Interfaces = networkInterfaces()): string[] {
  const origins = new Set([new URL(config.publicUrl).origin]);
  if (!isLocalPublicUrl(config)) return [...origins];
  const hosts = [...LOOPBACK_HOSTS];
  if (WILDCARD_HOSTS.has(config.host)) {
    // Node listens on both families for "::", on IPv4 only for "0.0.0.0" (and Fastify prints those).
    const families = config.host === "0.0.0.0" ? ["IPv4"] : ["IPv4", "IPv6"];
    for (const address of Object.values(interfaces).flat()) {
      // Link-local IPv6 (a non-zero scope) needs a zone, which a browser's address bar does not take.
      if (address && families.includes(address.family) && (address.scopeid ?? 0) === 0) hosts.push(hostOf(address.address));
    }
  } else {
    hosts.push(hostOf(config.host));
  }
  for (const host of hosts) {
    const origin = originOf(`http://${host}:${config.port}`);
    if (origin !== null) origins.add(origin);
  }
  return [...origins];
}

/** An IPv6 address in brackets, as a URL writes it. */
function hostOf(address: string): string {
  return address.includes(":") && !address.startsWith("[") ? `[${address}]` : address;
}

/** The origin of an address, or null when it has none: unparsable, or opaque ("null": data:, file:, sandboxed frames are no one's). */
export function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * How the start-up log names the socket: as a link when a page opened there works
 * (siteOrigins trusts it), else as a bare address, so the log advertises no address
 * at which signing in or any other change would be refused.
 */
export function listeningText(address: string, origins: readonly string[]): string {
  const origin = originOf(address);
  return origin !== null && origins.includes(origin) ? address : address.replace(/^[a-z]+:\/\//, "");
}
