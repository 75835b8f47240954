import type { TFunction } from "../../lib/i18n/translator";
import type { MarkupDifference } from "../../../shared/i18n/translation-markup";
import { ltrText } from "../../components/ui/ltr";

/** The tokens as one left-to-right run ("{{year}} <b>"), so Arabic does not reorder the braces. */
export const tokenList = (tokens: readonly string[]) => ltrText(tokens.join(" "));

/** What a value lacks or adds against its English source, in the admin's language; "" when the markup is kept. */
export function markupMessage(t: TFunction, difference: MarkupDifference): string {
  const parts: string[] = [];
  if (difference.missing.length > 0) parts.push(t("admin_translations.markup_missing", { tokens: tokenList(difference.missing) }));
  if (difference.extra.length > 0) parts.push(t("admin_translations.markup_extra", { tokens: tokenList(difference.extra) }));
  return parts.join(" ");
}

/** The server's refusal of a value (translation_markup_mismatch), read back into the difference it names. */
export function differenceOfRefusal(details: readonly { path: string; message: string }[] | undefined): MarkupDifference | null {
  if (!details || details.length === 0) return null;
  return { missing: details.filter((detail) => detail.path === "missing").map((detail) => detail.message), extra: details.filter((detail) => detail.path === "extra").map((detail) => detail.message) };
}
