import { formatUsd, parseMoney } from "../../../shared/money";

/** An exact 4-decimal wire price as the admin needs it: every decimal shown ("$0.0266"). */
export function formatRate(rate: string, locale: string): string {
  return formatUsd(parseMoney(rate), locale, 4);
}

export function formatDateTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}
