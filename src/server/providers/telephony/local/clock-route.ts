import type { FastifyInstance } from "fastify";
import { localCarrierClockAdvance } from "../../../../shared/api/local-carrier";
import { registerEndpoint } from "../../../http/endpoint";
import type { AdjustableCarrierClock } from "./carrier-clock";
import type { LocalCarrierCalls } from "./local-carrier";

/**
 * POST /api/local-carrier/clock, registered only when the carrier runs on an adjustable clock
 * (LOCAL_CARRIER_CLOCK=adjustable, which the configuration refuses in production). A signed-in
 * page of our own origin asks, as for any write: the app's same-origin rule applies unchanged.
 * It answers once every call held here was measured again, so a call moved past its limit has
 * ended, and its status reached our webhook, before the test looks.
 */
export function registerCarrierClockRoute(app: FastifyInstance, clock: AdjustableCarrierClock, calls: LocalCarrierCalls): void {
  registerEndpoint(app, localCarrierClockAdvance, async ({ body }) => {
    clock.advance(body.advanceSeconds);
    await calls.clockMoved();
    return { now: new Date(clock.now()).toISOString() };
  });
}
