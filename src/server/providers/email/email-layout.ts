import { directionOf, type Locale } from "../../../shared/i18n/locales";

/** A button in an email, with the sentence that leads to it when it needs one. */
export interface EmailAction {
  lead?: string;
  label: string;
  url: string;
}

/** What every email of ours is made of, already in the reader's language. */
export interface EmailParts {
  locale: Locale;
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Text a person wrote (a support message), shown as a quote with its line breaks; never markup. */
  quote?: string;
  actions: EmailAction[];
  /** "If the button does not work, copy this address…", before each action's bare address. */
  fallback: string;
  after: string[];
  signature: string;
}

/** {{name}} placeholders, as in the web's i18next: unknown names are left as they are. */
export function interpolate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The plain-text part: the same content as the HTML, in reading order. */
export function renderEmailText(parts: EmailParts): string {
  return [
    parts.heading,
    "",
    ...parts.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(parts.quote ? [...parts.quote.split("\n").map((line) => `> ${line}`), ""] : []),
    ...parts.actions.flatMap((action) => [...(action.lead ? [action.lead] : []), `${action.label}: ${action.url}`, ""]),
    ...parts.after.flatMap((line) => [line, ""]),
    parts.signature,
  ].join("\n");
}

/** Plain, accessible HTML: real headings and real links, readable without images or styles; RTL for Arabic. */
export function renderEmailHtml(parts: EmailParts): string {
  const dir = directionOf(parts.locale);
  const paragraph = (text: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(text)}</p>`;
  const action = ({ lead, label, url: raw }: EmailAction) => {
    const url = escapeHtml(raw);
    return [
      ...(lead ? [paragraph(lead)] : []),
      `<p style="margin:24px 0"><a href="${url}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#1d4ed8;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(label)}</a></p>`,
      `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#334155">${escapeHtml(parts.fallback)}<br><a href="${url}" style="color:#1d4ed8;word-break:break-all">${url}</a></p>`,
    ];
  };
  const side = dir === "rtl" ? "right" : "left";
  const quote = parts.quote
    ? [
        `<blockquote style="margin:0 0 16px;padding:12px 16px;border-${side}:4px solid #cbd5e1;background:#f8fafc;font-size:16px;line-height:1.5;white-space:pre-wrap;overflow-wrap:anywhere">${escapeHtml(parts.quote)}</blockquote>`,
      ]
    : [];
  return [
    "<!doctype html>",
    `<html lang="${parts.locale}" dir="${dir}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(parts.subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f1f5f9;color:#0f172a;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">`,
    `<div role="article" aria-label="${escapeHtml(parts.subject)}" lang="${parts.locale}" dir="${dir}" style="max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border-radius:12px;text-align:${side}">`,
    `<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(parts.heading)}</h1>`,
    ...parts.paragraphs.map(paragraph),
    ...quote,
    ...parts.actions.flatMap(action),
    ...parts.after.map(paragraph),
    `<p style="margin:24px 0 0;color:#334155">${escapeHtml(parts.signature)}</p>`,
    "</div>",
    "</body>",
    "</html>",
  ].join("\n");
}
