import type { EventBus } from "../../db/bus";
import type { Database, Executor } from "../../db/client";
import { loadCountryRates } from "./country-rate-store";
import { loadDeckRows } from "./deck-store";
import { readMarginBp } from "./margin";
import { quoteNumber, type QuoteResult } from "./quote";
import { buildSnapshot, type RatesSnapshot } from "./snapshot";

/** The bus topic every instance listens to: the deck, a country's band or the margin changed. */
export const RATES_CHANGED_TOPIC = "rates_changed";

/**
 * Announces a rates change inside the transaction that made it: the message is
 * delivered (to every instance, this one included) only if the change commits.
 */
export async function announceRatesChanged(bus: EventBus, tx: Executor, reason: string): Promise<void> {
  await bus.publish({ topic: RATES_CHANGED_TOPIC, data: { reason } }, tx);
}

export interface RatesCatalog {
  /** The snapshot in force; replaced whole, never mutated. */
  current(): RatesSnapshot;
  quote(input: string): QuoteResult;
  /** Reloads from the database; concurrent calls share one pending reload. */
  refresh(): Promise<void>;
  /**
   * Calls `listener` each time a change announced on the bus has been loaded here, so whoever
   * tells browsers about new prices does so once this instance already serves them.
   */
  onChange(listener: () => void): () => void;
  close(): void;
}

export async function loadRatesSnapshot(db: Pick<Executor, "select">): Promise<RatesSnapshot> {
  const [deck, stored, marginBp] = await Promise.all([loadDeckRows(db), loadCountryRates(db), readMarginBp(db)]);
  return buildSnapshot(deck, stored, marginBp);
}

/**
 * Builds the in-memory rates at start-up and rebuilds them whenever any instance
 * announces a change, and whenever the bus reconnects. The instance that made a
 * change also refreshes before answering, so its own next request already sees it.
 * The lookup's remembered answers (lookup-answers.ts) belong to one snapshot and
 * are dropped with it.
 */
export async function openRatesCatalog(db: Database, bus: EventBus, onError: (error: unknown) => void): Promise<RatesCatalog> {
  let snapshot = await loadRatesSnapshot(db);
  // Reloads run one after another, so an older read can never replace a newer one;
  // a reload asked for while one waits to start joins it.
  let tail: Promise<void> = Promise.resolve();
  let waiting: Promise<void> | null = null;

  const refresh = (): Promise<void> => {
    if (waiting !== null) return waiting;
    const next = tail.then(async () => {
      waiting = null;
      snapshot = await loadRatesSnapshot(db);
    });
    waiting = next;
    tail = next.catch(() => undefined);
    return next;
  };

  const changeListeners = new Set<() => void>();
  // Reload after a reconnect too: a change announced while the bus was not listening never arrives.
  const unsubscribe = bus.subscribe((message) => {
    if (message.topic !== RATES_CHANGED_TOPIC) return;
    refresh().then(() => changeListeners.forEach((listener) => listener()), onError);
  }, refresh);

  return {
    current: () => snapshot,
    quote: (input) => quoteNumber(snapshot, input),
    refresh,
    onChange(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    close: unsubscribe,
  };
}
