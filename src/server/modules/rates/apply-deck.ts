import { COUNTRIES } from "../../../shared/countries/countries";
import { POPULAR_COUNTRY_CODES, summarizeCountryRates, type CountryRateSummary } from "../../../shared/rates/country-summary";
import type { DeckRow } from "../../../shared/rates/deck";
import type { Executor } from "../../db/client";
import { planCountryRates, type CountryRatePlan, type StoredCountryRate } from "./country-rate-values";
import { applyCountryRatePlan, loadCountryRates } from "./country-rate-store";
import { replaceDeckRows } from "./deck-store";
import { readMarginBp } from "./margin";

const DEFAULT_POPULAR: ReadonlySet<string> = new Set(POPULAR_COUNTRY_CODES);

/** The customer price summaries of a deck at a margin, for every picker country it prices. */
export function summarizeDeck(rows: readonly DeckRow[], marginBp: number): CountryRateSummary[] {
  return summarizeCountryRates(rows, COUNTRIES, { marginBp }).summaries;
}

/** What a deck would do to the stored rows (the import preview and the import itself use this one plan). */
export function planDeck(rows: readonly DeckRow[], marginBp: number, stored: readonly StoredCountryRate[]): CountryRatePlan {
  return planCountryRates(summarizeDeck(rows, marginBp), stored, DEFAULT_POPULAR);
}

export interface AppliedDeck {
  plan: CountryRatePlan;
  marginBp: number;
  /** The stored rows before the change, for the audit trail. */
  before: StoredCountryRate[];
}

/**
 * Makes `rows` the live deck and re-derives country_rates, inside the caller's
 * transaction (the seeder's, an import's). Country rows are locked first, so an
 * admin's concurrent edit waits and is then checked against the new version.
 */
export async function applyDeck(tx: Executor, rows: readonly DeckRow[], now: Date): Promise<AppliedDeck> {
  const before = await loadCountryRates(tx, { lock: true });
  const marginBp = await readMarginBp(tx);
  const plan = planDeck(rows, marginBp, before);
  await replaceDeckRows(tx, rows, now);
  await applyCountryRatePlan(tx, plan, now);
  return { plan, marginBp, before };
}
