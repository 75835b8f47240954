import type { TFunction } from "../../lib/i18n/translator";

/** A moment as the reader writes it: date and time, in their language. */
export function formatMoment(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** A queue's name for people; an unknown queue keeps its own name. */
export function queueName(t: TFunction, queue: string): string {
  return t(`background.queue.${queue.replaceAll("-", "_")}`, { defaultValue: queue });
}
