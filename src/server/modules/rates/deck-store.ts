import { asc, count } from "drizzle-orm";
import type { DeckRow } from "../../../shared/rates/deck";
import { carrierRateToDecimal, parseCarrierRate } from "../../../shared/rates/pricing";
import type { Executor } from "../../db/client";
import { rateDeckRows } from "../../db/schema/rates";

/** The deck as stored, in file order (the id follows the order rows were inserted). */
export async function loadDeckRows(db: Pick<Executor, "select">): Promise<DeckRow[]> {
  const rows = await db.select().from(rateDeckRows).orderBy(asc(rateDeckRows.id));
  return rows.map((row) => {
    const carrierRate = parseCarrierRate(row.carrierRate);
    // numeric(12,5) always reads back as a plain 5-decimal string; anything else is a corrupt table.
    if (carrierRate === null) throw new Error(`rate_deck_rows ${row.id} has an unreadable carrier_rate ${row.carrierRate}`);
    return { iso: row.iso, country: row.country, lineType: row.lineType, carrierRate, prefixes: row.prefixes };
  });
}

/** Replaces the whole deck; call inside the transaction that re-derives the country rates. */
export async function replaceDeckRows(tx: Executor, rows: readonly DeckRow[], importedAt: Date): Promise<void> {
  await tx.delete(rateDeckRows);
  for (let start = 0; start < rows.length; start += 200) {
    await tx.insert(rateDeckRows).values(
      rows.slice(start, start + 200).map((row) => ({
        iso: row.iso,
        country: row.country,
        lineType: row.lineType,
        carrierRate: carrierRateToDecimal(row.carrierRate),
        prefixes: row.prefixes,
        importedAt,
      })),
    );
  }
}

export async function countDeckRows(db: Pick<Executor, "select">): Promise<number> {
  const [row] = await db.select({ rows: count() }).from(rateDeckRows);
  return row?.rows ?? 0;
}
