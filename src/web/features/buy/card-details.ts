import { z } from "zod";

/**
 * The card form's rules, as a card form checks them before anything is sent: a number
 * of 12 to 19 digits passing the Luhn check, an expiry MM/YY not in the past, a 3 or
 * 4 digit security code. Messages are translation keys.
 */

/** Digits only, at most 19 (the longest card number). */
export function cardDigits(text: string): string {
  return text.replace(/\D/g, "").slice(0, 19);
}

/** "4242 4242 4242 4242": the digits grouped in fours as they are typed. */
export function groupCardNumber(text: string): string {
  return cardDigits(text).replace(/(\d{4})(?=\d)/g, "$1 ");
}

/**
 * "12/29" from the expiry however it was typed or pasted: "1229", "12/29", "12 / 29",
 * " 12-29 ", or with the year written out, "12 / 2029" or "122029" (a year of three digits
 * starting with 20 stays as it is while the fourth is typed). A month and year written
 * apart keep apart ("1/29" is "01/29"). The slash appears once the month is complete.
 */
export function formatExpiry(text: string): string {
  const groups = text.match(/\d+/g) ?? [];
  const apart = groups.length >= 2 && (groups[0] ?? "").length <= 2;
  const digits = groups.join("");
  const month = apart ? (groups[0] ?? "").padStart(2, "0") : digits.slice(0, 2);
  const rest = apart ? groups.slice(1).join("") : digits.slice(2);
  const fullYear = rest.length >= 3 && rest.startsWith("20");
  const year = fullYear ? (rest.length >= 4 ? rest.slice(2, 4) : rest) : rest.slice(0, 2);
  return year === "" ? month : `${month}/${year}`;
}

/** The security code's digits, at most 4, however it was typed or pasted (" 123 "). */
export function cvcDigits(text: string): string {
  return text.replace(/\D/g, "").slice(0, 4);
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Whether MM/YY is a real month not before this one (a card is valid through its expiry month). */
export function expiryValid(text: string, now: Date): "ok" | "format" | "past" {
  const match = /^(\d{2})\/(\d{2})$/.exec(text);
  if (!match) return "format";
  const month = Number(match[1]);
  if (month < 1 || month > 12) return "format";
  const year = 2000 + Number(match[2]);
  const thisYear = now.getFullYear();
  if (year < thisYear || (year === thisYear && month < now.getMonth() + 1)) return "past";
  return "ok";
}

export function cardSchema(now: () => Date = () => new Date()) {
  return z.object({
    cardNumber: z
      .string()
      .transform(cardDigits)
      .refine((digits) => digits.length > 0, "buy.card_number_required")
      .refine((digits) => digits.length === 0 || (digits.length >= 12 && luhnValid(digits)), "buy.card_number_invalid"),
    expiry: z.string().superRefine((text, context) => {
      if (text === "") return context.addIssue({ code: "custom", message: "buy.expiry_required" });
      const verdict = expiryValid(text, now());
      if (verdict === "format") context.addIssue({ code: "custom", message: "buy.expiry_invalid" });
      if (verdict === "past") context.addIssue({ code: "custom", message: "buy.expiry_past" });
    }),
    cvc: z.string().superRefine((text, context) => {
      if (text === "") return context.addIssue({ code: "custom", message: "buy.cvc_required" });
      if (!/^\d{3,4}$/.test(text)) context.addIssue({ code: "custom", message: "buy.cvc_invalid" });
    }),
  });
}

export type CardInput = z.input<ReturnType<typeof cardSchema>>;
export type CardDetails = z.output<ReturnType<typeof cardSchema>>;
