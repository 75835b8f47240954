import { useTranslation } from "../../lib/i18n/use-translation";
import type { Money } from "../../../shared/money";
import { Card } from "../../components/ui/card";
import { distinguishesMobile, type LineGroup, type LineKind } from "./line-groups";
import { PriceRangeText } from "../../components/price-range";

/** The translated name of a line kind. */
export function useLineKindLabel(): (kind: LineKind) => string {
  const { t } = useTranslation();
  const labels: Record<LineKind, string> = {
    landline: t("rates.line_kind.landline"),
    mobile: t("rates.line_kind.mobile"),
    other: t("rates.line_kind.other"),
    satellite: t("rates.line_kind.satellite"),
    special: t("rates.line_kind.special"),
    toll_free: t("rates.line_kind.toll_free"),
    premium: t("rates.line_kind.premium"),
    personal: t("rates.line_kind.personal"),
  };
  return (kind) => labels[kind];
}

/** Prices per kind of line (landline, mobile, …) where the deck tells them apart, else one price for every number. */
export function LineRates({ groups, cheapest, mostExpensive }: { groups: readonly LineGroup[]; cheapest: Money; mostExpensive: Money }) {
  const { t } = useTranslation();
  const labelOf = useLineKindLabel();
  const rows = distinguishesMobile(groups)
    ? groups.map((group) => ({ key: group.kind, label: labelOf(group.kind), cheapest: group.cheapest, mostExpensive: group.mostExpensive }))
    : [{ key: "all", label: t("country_page.all_numbers"), cheapest, mostExpensive }];
  return (
    <Card>
      <h2 className="text-xl font-semibold text-slate-900">{t("country_page.rates_heading")}</h2>
      <table className="mt-4 w-full text-start">
        <thead className="sr-only">
          <tr>
            <th scope="col">{t("country_page.line_type")}</th>
            <th scope="col">{t("country_page.price_per_minute")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="py-3 pe-4 text-start font-medium text-slate-800">
                {row.label}
              </th>
              <td className="py-3 text-end tabular-nums text-slate-900">
                <PriceRangeText cheapest={row.cheapest} mostExpensive={row.mostExpensive} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-sm text-slate-500">{t("country_page.rates_note")}</p>
    </Card>
  );
}
