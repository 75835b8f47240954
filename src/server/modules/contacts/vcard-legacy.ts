/**
 * vCard 2.1, which Android's contacts app still exports, in the form the vCard library
 * (ical.js, RFC 6350 and 2426) reads: quoted-printable values decoded (their soft line
 * breaks joined first), parameters written as bare words ("TEL;CELL;PREF") given their
 * name ("TEL;TYPE=CELL;TYPE=PREF"). Photos, logos, sounds and keys are dropped with their
 * folded lines: nothing here reads them, and they are most of a large export.
 */

const DROPPED = /^(?:[\w-]+\.)?(?:PHOTO|LOGO|SOUND|KEY)[;:]/i;
const QUOTED_PRINTABLE = /(^|;)(?:ENCODING=)?QUOTED-PRINTABLE(?=;|$)/i;

export function modernizeVcardLines(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    let line = lines[index] ?? "";
    if (DROPPED.test(line)) {
      while (/^[ \t]/.test(lines[index + 1] ?? "")) index++;
      continue;
    }
    const colon = propertyEnd(line);
    if (colon < 0) {
      out.push(line);
      continue;
    }
    const head = line.slice(0, colon);
    const semicolon = head.indexOf(";");
    const params = semicolon < 0 ? "" : head.slice(semicolon + 1);
    if (QUOTED_PRINTABLE.test(params)) {
      // A soft line break is a "=" ending the line; the value goes on at the next line.
      while (line.endsWith("=") && index + 1 < lines.length) line = line.slice(0, -1) + (lines[++index] ?? "");
      out.push(rewrite(head, line.slice(colon + 1), true));
    } else {
      out.push(semicolon < 0 ? line : rewrite(head, line.slice(colon + 1), false));
    }
  }
  return out;
}

/** Where the property's name and parameters end: the first colon outside a quoted parameter value. */
function propertyEnd(line: string): number {
  let quoted = false;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (char === '"') quoted = !quoted;
    else if (char === ":" && !quoted) return index;
  }
  return -1;
}

function rewrite(head: string, value: string, quotedPrintable: boolean): string {
  const [name = "", ...params] = head.split(";");
  let charset = "utf-8";
  const kept: string[] = [];
  for (const param of params) {
    const equals = param.indexOf("=");
    const key = equals < 0 ? "" : param.slice(0, equals).toUpperCase();
    if (key === "CHARSET") charset = param.slice(equals + 1);
    else if (key === "ENCODING" || /^QUOTED-PRINTABLE$/i.test(param)) continue;
    else if (equals >= 0) kept.push(param);
    // vCard 2.1's bare type words; anything else bare is not a parameter the library can read.
    else if (/^[A-Za-z0-9-]+$/.test(param)) kept.push(`TYPE=${param}`);
  }
  const text = quotedPrintable ? escapeDecoded(decodeQuotedPrintable(value, charset)) : value;
  return `${[name, ...kept].join(";")}:${text}`;
}

/** Bytes written as =XX, the rest as they are, read in the card's character set (UTF-8 when unknown). */
export function decodeQuotedPrintable(value: string, charset: string): string {
  const bytes: number[] = [];
  for (let index = 0; index < value.length; index++) {
    const hex = value[index] === "=" ? value.slice(index + 1, index + 3) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      for (const byte of new TextEncoder().encode(value[index])) bytes.push(byte);
    }
  }
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    decoder = new TextDecoder("utf-8");
  }
  return decoder.decode(Uint8Array.from(bytes));
}

/** The decoded text as a vCard value: its line breaks and backslashes escaped (its ; and , stay structure, as 2.1 wrote them). */
function escapeDecoded(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/\r\n|\r|\n/g, "\\n");
}
