import type { RateImportReport } from "../../../shared/api/admin-rates";
import { parseDeck, type ParsedDeck } from "../../../shared/rates/deck";
import type { EventBus } from "../../db/bus";
import type { Database } from "../../db/client";
import { AppError } from "../../http/app-error";
import { applyDeck, planDeck } from "./apply-deck";
import { announceRatesChanged } from "./catalog";
import type { CountryRatePlan } from "./country-rate-values";
import { loadCountryRates } from "./country-rate-store";
import { countDeckRows } from "./deck-store";
import { readMarginBp } from "./margin";
import { presentBand } from "./presenters";
import { RATE_AUDIT_ACTIONS, recordRateAudit } from "./audit-trail";

/**
 * Importing a carrier rate deck: the admin page's preview and commit and
 * `npm run rates:import` all go through these two functions.
 */
function report(parsed: ParsedDeck, plan: CountryRatePlan | null): RateImportReport {
  const summaryCount = plan === null ? 0 : plan.inserts.length + plan.updates.length + plan.unchanged;
  return {
    deckRows: parsed.rows.length,
    countries: summaryCount,
    added: (plan?.inserts ?? []).map((values) => ({ code: values.countryCode, name: values.countryName, after: presentBand(values.band) })),
    removed: (plan?.deletes ?? []).map((row) => ({ code: row.countryCode, name: row.countryName, before: presentBand(row.band), manualOverride: row.manualOverride })),
    repriced: (plan?.updates ?? [])
      .filter(({ stored, next }) => stored.band.cheapest !== next.band.cheapest || stored.band.mostExpensive !== next.band.mostExpensive)
      .map(({ stored, next }) => ({ code: stored.countryCode, name: stored.countryName, before: presentBand(stored.band), after: presentBand(next.band) })),
    keptOverrides: (plan?.keptOverrides ?? []).map(({ stored, deck }) => ({
      code: stored.countryCode,
      name: stored.countryName,
      band: presentBand(stored.band),
      deck: presentBand(deck),
    })),
    unchanged: plan?.unchanged ?? 0,
    rejected: parsed.rejected,
    canCommit: parsed.rejected.length === 0 && parsed.rows.length > 0,
  };
}

/** What importing `csv` would change, without changing anything. */
export async function previewRateImport(db: Database, csv: string): Promise<RateImportReport> {
  const parsed = parseDeck(csv);
  if (parsed.rows.length === 0) return report(parsed, null);
  const [stored, marginBp] = await Promise.all([loadCountryRates(db), readMarginBp(db)]);
  return report(parsed, planDeck(parsed.rows, marginBp, stored));
}

export interface ImportContext {
  db: Database;
  bus: EventBus;
  /** The admin importing, or null from the command line. */
  actorUserId: string | null;
  /** Where the file came from, kept in the audit trail ("admin upload", a file name). */
  source: string;
}

/**
 * Replaces the live deck with `csv` and re-derives every country not under manual
 * override, with its audit row and the rates_changed announcement, in one
 * transaction. A file with any rejected line, or none read, changes nothing.
 */
export async function commitRateImport(context: ImportContext, csv: string): Promise<RateImportReport> {
  const parsed = parseDeck(csv);
  if (parsed.rows.length === 0) {
    throw new AppError(422, "deck_empty", "The file holds no rate rows. Check that it is the carrier's CSV with the columns iso,country,line_type,usd_per_min,destination_prefixes.");
  }
  if (parsed.rejected.length > 0) {
    const first = parsed.rejected[0];
    throw new AppError(
      422,
      "deck_rejected_rows",
      `${parsed.rejected.length} line(s) of the file could not be read (first: line ${first?.line}: ${first?.reason}). Nothing was imported; fix the file and try again.`,
    );
  }
  const now = new Date();
  return context.db.transaction(async (tx) => {
    const previousRows = await countDeckRows(tx);
    const applied = await applyDeck(tx, parsed.rows, now);
    const result = report(parsed, applied.plan);
    await recordRateAudit(
      tx,
      {
        actorUserId: context.actorUserId,
        action: RATE_AUDIT_ACTIONS.deckImport,
        subjectType: "rate_deck",
        subjectId: null,
        before: { deckRows: previousRows, countries: applied.before.length },
        after: {
          source: context.source,
          deckRows: result.deckRows,
          countries: result.countries,
          marginBp: applied.marginBp,
          added: result.added,
          removed: result.removed,
          repriced: result.repriced,
          keptOverrides: result.keptOverrides,
        },
      },
      now,
    );
    await announceRatesChanged(context.bus, tx, "rate_deck.import");
    return result;
  });
}
