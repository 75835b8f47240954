// @ts-check
import { createServer } from "node:net";

/** A loopback port nobody listens on now (asked of the system, then released for the caller). */
export function freePort() {
  return /** @type {Promise<number>} */ (
    new Promise((resolve, reject) => {
      const probe = createServer();
      probe.once("error", reject);
      probe.listen(0, "127.0.0.1", () => {
        const address = probe.address();
        probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
      });
    })
  );
}
