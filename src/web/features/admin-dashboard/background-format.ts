import type { TFunction } from "i18next";
import { ApiError } from "../../lib/api-client";

/** A moment as the reader writes it: date and time, in their language. */
export function formatMoment(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** The translated message of an API failure by its code (errors.<code>), or the server's English words. */
export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) return t(`errors.${error.code}`, { defaultValue: error.message });
  return t("errors.internal_error");
}

/** A queue's name for people; an unknown queue keeps its own name. */
export function queueName(t: TFunction, queue: string): string {
  return t(`background.queue.${queue.replaceAll("-", "_")}`, { defaultValue: queue });
}
