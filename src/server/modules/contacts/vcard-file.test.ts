import { describe, expect, it } from "vitest";
import type { AppError } from "../../http/app-error";
import { readVcardRows } from "./vcard-file";
import { decodeQuotedPrintable } from "./vcard-legacy";

const crlf = (lines: string[]) => lines.join("\r\n") + "\r\n";
const numbersOf = (text: string) => readVcardRows(text).map((row) => [row.source.number, row.name, row.number, row.problem]);

describe("reading a vCard file", () => {
  it("reads an Android export (vCard 2.1): quoted-printable names over soft line breaks, bare type words, several numbers a card", () => {
    const text = crlf([
      "BEGIN:VCARD",
      "VERSION:2.1",
      "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Lind;=C3=85sa;;;",
      // "Åsa Lind-Öberg" split by a soft line break after "Lind-".
      "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C3=85sa Lind-=",
      "=C3=96berg",
      "TEL;CELL;PREF:+46 70 123 45 67",
      "TEL;HOME:08-123 456 78",
      "PHOTO;ENCODING=BASE64;JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD",
      "  /2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwg",
      "",
      "END:VCARD",
      "BEGIN:VCARD",
      "VERSION:2.1",
      "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=D0=98=D0=B2=D0=B0=D0=BD=D0=BE=D0=B2;=D0=98=D0=B2=D0=B0=D0=BD;;;",
      "TEL;CELL:+7 912 345-67-89",
      "END:VCARD",
    ]);
    expect(numbersOf(text)).toEqual([
      [1, "Åsa Lind-Öberg", "+46 70 123 45 67", undefined],
      [1, "Åsa Lind-Öberg", "08-123 456 78", undefined],
      // No FN: the name from N, given name first.
      [2, "Иван Иванов", "+7 912 345-67-89", undefined],
    ]);
  });

  it("reads a Google Contacts and iPhone export (vCard 3.0): folded lines, escapes, grouped numbers", () => {
    const text = crlf([
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:Ana Souza\\, MD",
      "N:Souza;Ana;;;MD",
      "TEL;TYPE=CELL:+55 11 91234-5678",
      "TEL;TYPE=HOME:(11) 3456-7890",
      "EMAIL;TYPE=INTERNET:ana@example.com",
      "CATEGORIES:myContacts",
      "END:VCARD",
      "BEGIN:VCARD",
      "VERSION:3.0",
      "PRODID:-//Apple Inc.//iPhone OS 17.0//EN",
      "N:Okafor;Chinedu Emmanuel Oluwaseun Adebayo;;;",
      "FN:Chinedu Emmanuel Oluwaseun Adebayo Okafor of the very long",
      "  name",
      "item1.TEL;type=pref:+234 803 123 4567",
      "item1.X-ABLabel:_$!<Mobile>!$_",
      "END:VCARD",
    ]);
    expect(numbersOf(text)).toEqual([
      [1, "Ana Souza, MD", "+55 11 91234-5678", undefined],
      [1, "Ana Souza, MD", "(11) 3456-7890", undefined],
      [2, "Chinedu Emmanuel Oluwaseun Adebayo Okafor of the very long name", "+234 803 123 4567", undefined],
    ]);
  });

  it("reads vCard 4.0 tel: URIs without their scheme or extension, and LF-only files", () => {
    const text = ["BEGIN:VCARD", "VERSION:4.0", "FN:陈伟", 'TEL;VALUE=uri;TYPE="voice,cell":tel:+86-139-1234-5678;ext=12', "END:VCARD"].join("\n");
    expect(numbersOf(text)).toEqual([[1, "陈伟", "+86-139-1234-5678", undefined]]);
  });

  it("reports a card without a number, a card the library cannot read and an unfinished card, and still reads the rest", () => {
    const text = crlf([
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:Only Email",
      "EMAIL:only@example.com",
      "END:VCARD",
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:Broken",
      "this line is not a property",
      "END:VCARD",
      "BEGIN:VCARD",
      "VERSION:3.0",
      "ORG:Acme Plumbing;Emergency team",
      "TEL:+44 20 7946 0958",
      "END:VCARD",
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:Cut off",
    ]);
    expect(numbersOf(text)).toEqual([
      [1, "Only Email", "", "missing_number"],
      [2, "", "", "unreadable"],
      // No FN or N: the organisation's name.
      [3, "Acme Plumbing", "+44 20 7946 0958", undefined],
      [4, "", "", "unreadable"],
    ]);
  });

  it("refuses a file with no card at all with a clear code", () => {
    expect(() => readVcardRows("name,phone\nAda,+441234")).toThrowError(expect.objectContaining({ status: 422, code: "contacts_file_unreadable" }) as AppError);
  });

  it("decodes quoted-printable bytes in the card's character set", () => {
    expect(decodeQuotedPrintable("Fran=E7ois", "ISO-8859-1")).toBe("François");
    expect(decodeQuotedPrintable("Fran=C3=A7ois", "UTF-8")).toBe("François");
    // An unknown character set is read as UTF-8; a lone "=" stays.
    expect(decodeQuotedPrintable("=C3=A7a =", "x-unknown")).toBe("ça =");
  });
});
