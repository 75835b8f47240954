import { eq } from "drizzle-orm";
import { DEFAULT_MARGIN_BP, assertMarginBp } from "../../../shared/rates/pricing";
import type { Executor } from "../../db/client";
import { appSettings } from "../../db/schema/settings";

/** app_settings key of the margin over the carrier price, in basis points (9000 = 90%, × 1.9). */
export const MARGIN_SETTING_KEY = "rate_margin_bp";

/** The configured margin; the spec's 90% when the setting is missing. A malformed setting stops the caller loudly. */
export async function readMarginBp(db: Pick<Executor, "select">): Promise<number> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, MARGIN_SETTING_KEY));
  if (row === undefined) return DEFAULT_MARGIN_BP;
  const value = row.value;
  if (typeof value !== "number") throw new RangeError(`app_settings ${MARGIN_SETTING_KEY} must be a number of basis points, got ${JSON.stringify(value)}`);
  assertMarginBp(value);
  return value;
}

/** Writes the default margin once; an admin's value is never replaced. */
export async function ensureMarginSetting(db: Pick<Executor, "insert">): Promise<void> {
  await db.insert(appSettings).values({ key: MARGIN_SETTING_KEY, value: DEFAULT_MARGIN_BP }).onConflictDoNothing();
}

/** The margin as the spec's marginPercentage: 9000 bp → 90. */
export function marginPercentage(marginBp: number): number {
  return marginBp / 100;
}
