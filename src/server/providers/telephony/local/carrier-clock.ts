/**
 * Where the local carrier reads the time of a call from: when it was answered, how long it
 * has talked and when its limit falls due. One clock per carrier, so moving it moves every
 * measurement the carrier makes at once (decision 049).
 */
export interface CarrierClock {
  /** Milliseconds since the epoch, as Date.now() counts them. */
  now(): number;
}

/** The clock the carrier runs on everywhere but in tests that opt in: the real one. */
export const realCarrierClock: CarrierClock = { now: () => Date.now() };

/** The most a single move may add: a day, more than the gate's longest limit (four hours). */
export const MAX_ADVANCE_SECONDS = 24 * 60 * 60;

/**
 * A clock that runs with real time and can be moved forward, never back (LOCAL_CARRIER_CLOCK=adjustable):
 * a browser test lets a call talk a billed minute in moments instead of waiting for it. Moving it
 * back would let a call that already ended at its limit have talked less than its bill says.
 */
export class AdjustableCarrierClock implements CarrierClock {
  private aheadMs = 0;

  now(): number {
    return Date.now() + this.aheadMs;
  }

  /** Moves the clock forward by whole seconds. */
  advance(seconds: number): void {
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_ADVANCE_SECONDS) {
      throw new RangeError(`the carrier's clock moves forward by 1 to ${MAX_ADVANCE_SECONDS} whole seconds, not ${seconds}`);
    }
    this.aheadMs += seconds * 1000;
  }
}
