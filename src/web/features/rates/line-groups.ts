import type { z } from "zod";
import type { lineKindSchema } from "../../../shared/api/rates";
import { parseMoney, type Money } from "../../../shared/money";

export type LineKind = z.infer<typeof lineKindSchema>;

/** The order line types are listed in: ordinary numbers first, service numbers last. */
const KIND_ORDER: readonly LineKind[] = ["landline", "mobile", "other", "satellite", "special", "toll_free", "premium", "personal"];

export interface LineGroup {
  kind: LineKind;
  cheapest: Money;
  mostExpensive: Money;
}

/** A country's callable lines grouped by kind, each with its price range, in a fixed order. */
export function groupLines(lines: readonly { line_kind: LineKind; rate: string }[]): LineGroup[] {
  const groups = new Map<LineKind, LineGroup>();
  for (const line of lines) {
    const rate = parseMoney(line.rate);
    const group = groups.get(line.line_kind);
    if (group === undefined) groups.set(line.line_kind, { kind: line.line_kind, cheapest: rate, mostExpensive: rate });
    else {
      group.cheapest = Math.min(group.cheapest, rate);
      group.mostExpensive = Math.max(group.mostExpensive, rate);
    }
  }
  return KIND_ORDER.flatMap((kind) => groups.get(kind) ?? []);
}

/** Whether the deck prices mobiles apart from other numbers (only then is "landline vs mobile" worth showing). */
export function distinguishesMobile(groups: readonly LineGroup[]): boolean {
  return groups.some((group) => group.kind === "mobile") && groups.some((group) => group.kind !== "mobile");
}
