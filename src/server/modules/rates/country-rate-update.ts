import { getCountry } from "../../../shared/countries/countries";
import { moneyToDecimal, type Money } from "../../../shared/money";
import { checkAdminPrice, MAX_ADMIN_PRICE } from "../../../shared/rates/admin-price";
import { summarizeCountryRates } from "../../../shared/rates/country-summary";
import type { EventBus } from "../../db/bus";
import type { Database, Executor } from "../../db/client";
import { AppError, notFound } from "../../http/app-error";
import { RATE_AUDIT_ACTIONS, recordRateAudit } from "./audit-trail";
import { announceRatesChanged } from "./catalog";
import { derivedValues, overriddenValues, sameValues, type CountryRateValues, type StoredCountryRate } from "./country-rate-values";
import { loadCountryRate, updateCountryRateIfVersion } from "./country-rate-store";
import { loadDeckRows } from "./deck-store";
import { readMarginBp } from "./margin";

export interface CountryRateChange {
  /** The version the admin's editor read. */
  version: number;
  our_cheapest_rate?: string | undefined;
  our_most_expensive_rate?: string | undefined;
  is_popular?: boolean | undefined;
  manual_override?: boolean | undefined;
}

export interface UpdateContext {
  db: Database;
  bus: EventBus;
  actorUserId: string;
}

const FIELD_LABELS = { our_cheapest_rate: "The cheapest price", our_most_expensive_rate: "The most expensive price" } as const;

function parsePrice(field: keyof typeof FIELD_LABELS, text: string | undefined): Money | undefined {
  if (text === undefined) return undefined;
  const check = checkAdminPrice(text);
  if (check.ok) return check.price;
  const label = FIELD_LABELS[field];
  const message =
    check.code === "price_invalid"
      ? `${label} must be a number of US dollars per minute with at most 4 decimals, like 0.0250.`
      : `${label} must be more than 0 and at most ${moneyToDecimal(MAX_ADMIN_PRICE)} US dollars per minute.`;
  throw new AppError(400, check.code, message, [{ path: `body.${field}`, message }]);
}

/** The audit trail's view of a row: what an admin can see change. */
function auditView(values: CountryRateValues) {
  return {
    our_cheapest_rate: moneyToDecimal(values.band.cheapest),
    our_most_expensive_rate: moneyToDecimal(values.band.mostExpensive),
    landline_rate: values.landlineRate === null ? null : moneyToDecimal(values.landlineRate),
    mobile_rate: values.mobileRate === null ? null : moneyToDecimal(values.mobileRate),
    is_popular: values.isPopular,
    manual_override: values.manualOverride,
  };
}

/** The country's row as the live deck prices it (its per-line rates are the base an override clamps). */
async function deckValues(tx: Executor, stored: StoredCountryRate): Promise<CountryRateValues> {
  const entry = getCountry(stored.countryCode);
  const [deck, marginBp] = await Promise.all([loadDeckRows(tx), readMarginBp(tx)]);
  const summary = entry === undefined ? undefined : summarizeCountryRates(deck, [entry], { marginBp }).summaries[0];
  // Rows and deck are replaced together, so a stored country always has a summary; keep the row if not.
  return summary === undefined ? { ...stored, manualOverride: false } : derivedValues(summary, stored.isPopular);
}

/**
 * An admin's edit of one country, with optimistic concurrency on `version`.
 * Prices imply manual override; turning the override off restores the deck's
 * prices. Writes the audit row and announces the change in the same transaction.
 */
export async function updateCountryRate(context: UpdateContext, rawCode: string, change: CountryRateChange): Promise<StoredCountryRate> {
  const cheapest = parsePrice("our_cheapest_rate", change.our_cheapest_rate);
  const mostExpensive = parsePrice("our_most_expensive_rate", change.our_most_expensive_rate);
  const pricesGiven = cheapest !== undefined || mostExpensive !== undefined;
  if (pricesGiven && change.manual_override === false) {
    throw new AppError(400, "price_requires_override", "Prices can only be set with manual override on. Turn it on, or leave the prices out to use the deck's.");
  }
  const code = rawCode.toUpperCase();
  const now = new Date();

  return context.db.transaction(async (tx) => {
    const stored = await loadCountryRate(tx, code, { lock: true });
    if (stored === null) throw notFound(`We have no rates for the country ${code}`);
    if (stored.version !== change.version) {
      throw new AppError(409, "conflict", `Someone changed the rates of ${stored.countryName} after you opened them. Reload to see the current prices, then try again.`);
    }
    const override = change.manual_override ?? (pricesGiven ? true : stored.manualOverride);
    const base = await deckValues(tx, stored);
    let next: CountryRateValues = base;
    if (override) {
      const band = { cheapest: cheapest ?? stored.band.cheapest, mostExpensive: mostExpensive ?? stored.band.mostExpensive };
      if (band.cheapest > band.mostExpensive) {
        const message = `The cheapest price (${moneyToDecimal(band.cheapest)}) must not be more than the most expensive price (${moneyToDecimal(band.mostExpensive)}).`;
        throw new AppError(400, "price_range_invalid", message, [{ path: "body.our_cheapest_rate", message }]);
      }
      next = overriddenValues(base, band);
    }
    next = { ...next, isPopular: change.is_popular ?? stored.isPopular };
    if (sameValues(stored, next)) return stored;

    const updated = await updateCountryRateIfVersion(tx, stored.id, stored.version, next, now);
    if (updated === null) throw new AppError(409, "conflict", `Someone changed the rates of ${stored.countryName} meanwhile. Reload and try again.`);
    await recordRateAudit(
      tx,
      {
        actorUserId: context.actorUserId,
        action: RATE_AUDIT_ACTIONS.countryUpdate,
        subjectType: "country_rate",
        subjectId: code,
        before: auditView(stored),
        after: auditView(updated),
      },
      now,
    );
    await announceRatesChanged(context.bus, tx, RATE_AUDIT_ACTIONS.countryUpdate);
    return updated;
  });
}
