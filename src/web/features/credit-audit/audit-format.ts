import { formatUsd, parseMoney } from "../../../shared/money";

/** The audit shows exact figures: 4 decimals, as the ledger holds them. */
export function formatExactUsd(decimal: string, locale: string): string {
  return formatUsd(parseMoney(decimal), locale, 4);
}

/** A signed amount with its sign always shown, so a credit and a debit differ at a glance. */
export function formatSignedUsd(decimal: string, locale: string): string {
  const amount = parseMoney(decimal);
  const text = formatUsd(Math.abs(amount), locale, 4);
  return amount < 0 ? `−${text}` : amount > 0 ? `+${text}` : text;
}

export function formatTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "medium" }).format(new Date(iso));
}
