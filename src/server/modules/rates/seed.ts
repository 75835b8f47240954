import { readFileSync } from "node:fs";
import path from "node:path";
import { parseDeck } from "../../../shared/rates/deck";
import type { Executor } from "../../db/client";
import type { Seeder } from "../../db/seed";
import { applyDeck } from "./apply-deck";
import { countDeckRows } from "./deck-store";
import { ensureMarginSetting } from "./margin";

export const SEED_DECK_FILE = "provider-voice-rates.csv";

/**
 * Loads the shipped carrier deck (data/provider-voice-rates.csv) into an empty
 * database and derives country_rates at the configured margin. Once a deck is
 * live, later decks arrive through the import (admin page or `npm run rates:import`),
 * which keeps admins' overrides and writes the audit trail, so this seeder never
 * replaces a deck and its version does not follow the file.
 */
export function rateDeckSeeder(seedDir: string): Seeder {
  const file = path.join(seedDir, SEED_DECK_FILE);
  return {
    name: "rate_deck",
    label: "the rate deck",
    version: "1",
    async run(db: Executor) {
      await ensureMarginSetting(db);
      if ((await countDeckRows(db)) > 0) return;
      const deck = parseDeck(readFileSync(file, "utf8"));
      // Shipped data must be clean: a rejected line would silently price its numbers at a shorter prefix.
      if (deck.rejected.length > 0 || deck.rows.length === 0) {
        const first = deck.rejected[0];
        throw new Error(`${file} cannot be loaded: ${first ? `line ${first.line}: ${first.reason}` : "no rows"}`);
      }
      await applyDeck(db, deck.rows, new Date());
    },
  };
}
