import ICAL from "ical.js";
import { AppError } from "../../http/app-error";
import type { ImportRow } from "./import-rows";
import { modernizeVcardLines } from "./vcard-legacy";

const BEGIN = /^BEGIN:VCARD\s*$/i;
const END = /^END:VCARD\s*$/i;

type JCardProperty = [name: string, params: Record<string, unknown>, type: string, ...values: unknown[]];

/**
 * The numbers of a vCard file (.vcf: a phone's address book, Google Contacts, iCloud),
 * one row per TEL, each under its card's name. Each card is read on its own by ical.js,
 * so one broken card is reported and the others still count. Versions 3.0 and 4.0 are
 * read as they are; 2.1 is modernized first (vcard-legacy.ts).
 */
export function readVcardRows(text: string): ImportRow[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const rows: ImportRow[] = [];
  let card: string[] | null = null;
  let cards = 0;
  for (const line of lines) {
    if (card === null) {
      if (BEGIN.test(line)) card = [line];
      continue;
    }
    card.push(line);
    if (END.test(line)) {
      cards += 1;
      rows.push(...cardRows(card, cards));
      card = null;
    }
  }
  if (card !== null) rows.push({ source: { kind: "card", number: cards + 1 }, name: "", number: "", problem: "unreadable" });
  if (rows.length === 0) throw new AppError(422, "contacts_file_unreadable", "This file holds no vCard contacts (BEGIN:VCARD … END:VCARD).");
  return rows;
}

function cardRows(lines: string[], number: number): ImportRow[] {
  const source = { kind: "card" as const, number };
  let properties: JCardProperty[];
  try {
    const parsed = ICAL.parse(modernizeVcardLines(lines).join("\r\n")) as unknown;
    properties = (parsed as [string, JCardProperty[]])[1];
  } catch {
    return [{ source, name: "", number: "", problem: "unreadable" }];
  }
  const name = cardName(properties);
  const numbers = properties.filter((property) => property[0] === "tel").map(telNumber).filter((tel) => tel !== "");
  if (numbers.length === 0) return [{ source, name, number: "", problem: "missing_number" }];
  return numbers.map((tel) => ({ source, name, number: tel }));
}

/** FN, else N's parts in reading order, else the organisation's name. */
function cardName(properties: JCardProperty[]): string {
  const first = (name: string) => properties.find((property) => property[0] === name)?.[3];
  const formatted = textOf(first("fn"));
  if (formatted) return formatted;
  const structured = first("n");
  if (typeof structured === "string" && structured.trim()) return structured.trim();
  if (Array.isArray(structured)) {
    const [family, given, additional, prefix, suffix] = structured.map(textOf);
    const name = [prefix, given, additional, family, suffix].filter(Boolean).join(" ");
    if (name) return name;
  }
  const org = first("org");
  return Array.isArray(org) ? textOf(org[0]) : textOf(org);
}

function textOf(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean).join(" ");
  return "";
}

/** A TEL's number: vCard 4's "tel:" URI without its scheme or parameters (";ext=…"), 3.0's text as it is. */
function telNumber(property: JCardProperty): string {
  const value = textOf(property[3]);
  return /^tel:/i.test(value) ? (value.slice(4).split(";")[0] ?? "") : value;
}
