import { useId, useMemo, useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { USER_ROLES, YES_NO } from "../../../shared/api/admin-users";
import { parseLocaleAmount } from "../../../shared/i18n/locale-number";
import { moneyToDecimal } from "../../../shared/money";
import { ChoiceFilter, ListFilters } from "../../components/list-page/list-filters";
import type { FilterChange } from "../../components/list-page/list-search";
import { useLocale } from "../../lib/use-locale";
import { TextFilter } from "../../components/ui/text-filter";
import { ADMIN_USERS_SEARCH, type AdminUsersField, type AdminUsersView } from "./admin-users-api";


export type AdminUsersChange = FilterChange<AdminUsersView>;

/**
 * A balance bound typed as the reader's language writes amounts ("1,5" in Swedish), applied once
 * typing pauses; the address keeps the plain decimal. Text that is not an amount is said so and not applied.
 */
function BalanceFilter({ id, label, value, onChange }: { id: string; label: string; value: string | undefined; onChange: (decimal: string) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [invalid, setInvalid] = useState(false);
  // The address's decimal as the reader writes it: what they would type to get it.
  const shown = value === undefined ? "" : new Intl.NumberFormat(locale, { maximumFractionDigits: 4, useGrouping: false }).format(Number(value));
  const commit = useMemo(
    () => (text: string) => {
      if (!text.trim()) {
        setInvalid(false);
        onChange("");
        return;
      }
      const parsed = parseLocaleAmount(text, locale);
      setInvalid(!parsed.ok);
      // The address keeps the shortest decimal ("1.5", not "1.5000").
      if (parsed.ok) onChange(moneyToDecimal(parsed.value).replace(/\.?0+$/, ""));
    },
    [locale, onChange],
  );
  return (
    <div>
      <TextFilter id={id} label={label} hint={t("admin_users.filter.balance_hint")} value={shown} type="search" onCommit={commit} />
      {invalid ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {t("admin_users.filter.balance_invalid")}
        </p>
      ) : null}
    </div>
  );
}

/** Search by email or name, role, verified, banned, a balance range; each change applies at once (typing after a pause). */
export function UsersFilters({ view, onChange }: { view: AdminUsersView; onChange: (change: AdminUsersChange) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const set = (name: AdminUsersField) => (value: string) => onChange({ name, value });
  const commitSearch = useMemo(() => (value: string) => onChange({ name: "q", value }), [onChange]);
  const commitMin = useMemo(() => (value: string) => onChange({ name: "balanceMin", value }), [onChange]);
  const commitMax = useMemo(() => (value: string) => onChange({ name: "balanceMax", value }), [onChange]);
  const yesNo = (prefix: string) => YES_NO.map((value) => ({ value, label: t(`admin_users.filter.${prefix}_${value}`) }));

  return (
    <ListFilters
      id={id}
      label={t("admin_users.filters_label")}
      gridClassName="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      filtered={ADMIN_USERS_SEARCH.isFiltered(view)}
      onClear={() => onChange(null)}
    >
      <div className="sm:col-span-2">
        <TextFilter id={`${id}-q`} label={t("admin_users.filter.search")} hint={t("admin_users.filter.search_hint")} value={view.q ?? ""} type="search" onCommit={commitSearch} />
      </div>
      <ChoiceFilter id={`${id}-role`} label={t("admin_users.filter.role")} anyLabel={t("admin_users.filter.any")} value={view.role ?? ""} choices={USER_ROLES.map((role) => ({ value: role, label: t(`admin_users.role.${role}`) }))} onChange={set("role")} />
      <ChoiceFilter id={`${id}-verified`} label={t("admin_users.filter.verified")} anyLabel={t("admin_users.filter.any")} value={view.verified ?? ""} choices={yesNo("verified")} onChange={set("verified")} />
      <ChoiceFilter id={`${id}-banned`} label={t("admin_users.filter.banned")} anyLabel={t("admin_users.filter.any")} value={view.banned ?? ""} choices={yesNo("banned")} onChange={set("banned")} />
      <BalanceFilter id={`${id}-min`} label={t("admin_users.filter.balance_min")} value={view.balanceMin} onChange={commitMin} />
      <BalanceFilter id={`${id}-max`} label={t("admin_users.filter.balance_max")} value={view.balanceMax} onChange={commitMax} />
    </ListFilters>
  );
}
