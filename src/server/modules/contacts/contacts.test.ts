import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactImport, contactImportPreview, contactList, contactSchema } from "../../../shared/api/contacts";
import { CONTACT_IMPORT_MAX_BYTES, CONTACTS_MAX } from "../../../shared/contacts/contact-limits";
import { readCsvRecords } from "../../../shared/csv/read-csv";
import { callLogs } from "../../db/schema/calls";
import { contacts } from "../../db/schema/contacts";
import { grant, newCallSid, placeCall } from "../../test/calls";
import { everyEngine } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";

const vcard = (...cards: string[][]) => cards.map((lines) => ["BEGIN:VCARD", "VERSION:3.0", ...lines, "END:VCARD"].join("\r\n")).join("\r\n");

describe.each(everyEngine)("contacts on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "100000" });
  });
  afterAll(() => server.close());

  const send = (person: TestUser, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
    server.app.inject({ method, url, headers: { cookie: person.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const list = async (person: TestUser, query = "") => {
    const response = await send(person, "GET", `/api/contacts${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return contactList.response.parse(response.json());
  };
  const create = async (person: TestUser, body: object) => {
    const response = await send(person, "POST", "/api/contacts", body);
    expect(response.statusCode, response.body).toBe(201);
    return contactSchema.parse(response.json<{ contact: unknown }>().contact);
  };
  const rowsOf = (person: TestUser) => server.database.db.select().from(contacts).where(eq(contacts.userId, person.id));

  it("saves numbers in E.164 with their country, orders by name, and searches names (accents ignored) and numbers", async () => {
    const person = await buildUser(server);
    const swedish = await create(person, { name: "  Åsa\u202e Lind ", number: "070-123 45 67", country: "SE" });
    expect(swedish).toMatchObject({ name: "Åsa Lind", phone: "+46701234567", countryCode: "SE", refusal: null });
    await create(person, { name: "bob", number: "+44 7106 123456" });
    await create(person, { name: "Chen Wei", number: "0086 139 1234 5678" });
    await create(person, { name: "Ada", number: "(415) 555-0100", country: "US" });

    const all = await list(person, "?lang=sv");
    expect(all.total).toBe(4);
    expect(all.max).toBe(CONTACTS_MAX);
    // Swedish alphabet: Å comes after Z, so after every other name here.
    expect(all.contacts.map((contact) => contact.name)).toEqual(["Ada", "bob", "Chen Wei", "Åsa Lind"]);
    expect((await list(person, "?lang=en")).contacts.map((contact) => contact.name)).toEqual(["Ada", "Åsa Lind", "bob", "Chen Wei"]);
    expect(all.contacts.find((contact) => contact.name === "Chen Wei")?.phone).toBe("+8613912345678");
    expect(all.contacts.find((contact) => contact.name === "Ada")).toMatchObject({ phone: "+14155550100", countryCode: "US" });

    expect((await list(person, "?q=asa")).contacts.map((contact) => contact.name)).toEqual(["Åsa Lind"]);
    expect((await list(person, "?q=CHEN%20w")).contacts.map((contact) => contact.name)).toEqual(["Chen Wei"]);
    expect((await list(person, `?q=${encodeURIComponent("+44 7106")}`)).contacts.map((contact) => contact.name)).toEqual(["bob"]);
    const none = await list(person, "?q=nobody");
    expect(none.contacts).toEqual([]);
    expect(none.total).toBe(4);
  });

  it("shows each contact's price as the gate charges it: a call to the contact is frozen at the rate the list showed", async () => {
    const person = await buildUser(server);
    await grant(server, person.id, "5");
    const contact = await create(person, { name: "Jamaica", number: "+1 876 210 1234" });
    expect(contact.rate).toMatch(/^\d+\.\d{4}$/);
    const callSid = newCallSid();
    expect((await placeCall(server, { callSid, userId: person.id, to: contact.phone })).statusCode).toBe(200);
    const [call] = await server.database.db.select().from(callLogs).where(eq(callLogs.callSid, callSid));
    expect(call?.status).toBe("initiated");
    expect(Number(call?.ratePerMin)).toBe(Number(contact.rate));
    expect((await list(person)).contacts[0]?.rate).toBe(contact.rate);
  });

  it("refuses numbers the gate would refuse, with its codes, and names that are empty or too long, writing nothing", async () => {
    const person = await buildUser(server);
    const refusals: [object, number, string][] = [
      [{ name: "Police", number: "112", country: "SE" }, 422, "emergency_blocked"],
      [{ name: "Police", number: "911" }, 422, "emergency_blocked"],
      [{ name: "UK emergency", number: "+44 999" }, 422, "emergency_blocked"],
      [{ name: "Short code", number: "118", country: "DE" }, 422, "emergency_blocked"],
      [{ name: "Hotline", number: "0900 1234567", country: "DE" }, 422, "premium_blocked"],
      [{ name: "Too short", number: "+44 12" }, 422, "invalid_number"],
      [{ name: "Letters", number: "call me" }, 422, "invalid_number"],
      [{ name: "", number: "+44 7106 123456" }, 400, "validation_failed"],
      [{ name: " \u200f ", number: "+44 7106 123456" }, 400, "validation_failed"],
      [{ name: "x".repeat(101), number: "+44 7106 123456" }, 400, "validation_failed"],
      [{ name: "Bad country", number: "070 123 45 67", country: "Sweden" }, 400, "validation_failed"],
    ];
    for (const [body, status, code] of refusals) {
      const response = await send(person, "POST", "/api/contacts", body);
      expect([response.statusCode, response.json<{ error: { code: string } }>().error.code], JSON.stringify(body)).toEqual([status, code]);
    }
    // The limit is the display name's: 100 characters fit.
    await create(person, { name: "y".repeat(100), number: "+44 7106 123456" });
    expect(await rowsOf(person)).toHaveLength(1);
  });

  it("answers 409 for a number already saved, however it was written, on create and on edit", async () => {
    const person = await buildUser(server);
    const first = await create(person, { name: "One", number: "+46 70 123 45 67" });
    const second = await create(person, { name: "Two", number: "+46 70 765 43 21" });
    const again = await send(person, "POST", "/api/contacts", { name: "Again", number: "0701234567", country: "SE" });
    expect([again.statusCode, again.json<{ error: { code: string } }>().error.code]).toEqual([409, "contact_exists"]);
    const edit = await send(person, "PUT", `/api/contacts/${second.id}`, { name: "Two", number: "0046701234567" });
    expect([edit.statusCode, edit.json<{ error: { code: string } }>().error.code]).toEqual([409, "contact_exists"]);
    const renamed = await send(person, "PUT", `/api/contacts/${first.id}`, { name: "Uno", number: "+46701234567" });
    expect(renamed.statusCode).toBe(200);
    expect((await list(person)).contacts.map((contact) => [contact.name, contact.phone])).toEqual([
      ["Two", "+46707654321"],
      ["Uno", "+46701234567"],
    ]);
  });

  it("keeps each customer's contacts to them: another customer's edit, delete and searches find nothing and change nothing", async () => {
    const owner = await buildUser(server);
    const other = await buildUser(server);
    const contact = await create(owner, { name: "Private Person", number: "+44 7106 123457" });
    const edit = await send(other, "PUT", `/api/contacts/${contact.id}`, { name: "Stolen", number: "+44 7106 123458" });
    expect(edit.statusCode).toBe(404);
    const removal = await send(other, "DELETE", `/api/contacts/${contact.id}`);
    expect(removal.statusCode).toBe(404);
    expect(edit.body + removal.body).not.toContain("Private Person");
    expect((await list(other, "?q=private")).contacts).toEqual([]);
    const exported = await send(other, "GET", "/api/contacts/export.csv");
    expect(exported.body).not.toContain("Private Person");
    // The other customer may save the same number for themselves.
    await create(other, { name: "Mine too", number: "+447106123457" });

    const [row] = await server.database.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row).toMatchObject({ userId: owner.id, name: "Private Person", phone: "+447106123457" });
    expect((await send(owner, "DELETE", `/api/contacts/${contact.id}`)).statusCode).toBe(200);
    expect(await rowsOf(owner)).toEqual([]);
    expect((await send(owner, "DELETE", `/api/contacts/${contact.id}`)).statusCode).toBe(404);
    expect((await send(owner, "DELETE", "/api/contacts/not-a-uuid")).statusCode).toBe(400);
  });

  it("previews a vCard import, merging numbers seen twice in the file or already saved, and reporting refused cards; confirming adds exactly the preview", async () => {
    const person = await buildUser(server);
    await create(person, { name: "Saved Already", number: "+44 7106 123459" });
    const text = vcard(
      ["FN:Ana Souza", "TEL;TYPE=CELL:+55 11 91234-5678", "TEL;TYPE=HOME:+55 11 91234 5678"],
      ["FN:Ola Nordmann", "TEL;TYPE=CELL:070-123 45 67"],
      ["FN:Same Person Again", "TEL:0044 7106 123459"],
      ["FN:Emergency", "TEL:112"],
      ["FN:Email only", "EMAIL:e@example.com"],
      ["TEL:+44 7106 123460"],
    );
    const body = { format: "vcard", text, country: "SE" };
    const preview = await send(person, "POST", "/api/contacts/import/preview", body);
    expect(preview.statusCode, preview.body).toBe(200);
    const report = contactImportPreview.response.parse(preview.json());
    expect(report.toAdd.map((entry) => [entry.name, entry.phone, entry.countryCode])).toEqual([
      ["Ana Souza", "+5511912345678", "BR"],
      ["Ola Nordmann", "+46701234567", "SE"],
    ]);
    expect(report.merged).toEqual([
      { source: { kind: "card", number: 1 }, name: "Ana Souza", phone: "+5511912345678", into: "Ana Souza", existing: false },
      { source: { kind: "card", number: 3 }, name: "Same Person Again", phone: "+447106123459", into: "Saved Already", existing: true },
    ]);
    expect(report.refused.map((entry) => [entry.source.number, entry.name, entry.number, entry.reason])).toEqual([
      [4, "Emergency", "112", "emergency_blocked"],
      [5, "Email only", "", "missing_number"],
      [6, "", "+44 7106 123460", "missing_name"],
    ]);
    expect(report).toMatchObject({ read: 6, existing: 1, canCommit: true });
    expect(await rowsOf(person)).toHaveLength(1);

    const committed = await send(person, "POST", "/api/contacts/import", body);
    expect(committed.statusCode, committed.body).toBe(200);
    expect(contactImport.response.parse(committed.json()).added).toBe(2);
    expect((await list(person)).contacts.map((contact) => contact.name)).toEqual(["Ana Souza", "Ola Nordmann", "Saved Already"]);

    // The same file again adds nothing: every number is merged into a saved contact.
    const twice = contactImport.response.parse((await send(person, "POST", "/api/contacts/import", body)).json());
    expect(twice.added).toBe(0);
    expect(twice.merged.every((entry) => entry.existing)).toBe(true);
    expect(await rowsOf(person)).toHaveLength(3);
  });

  it("exports contacts as CSV with E.164 numbers as data, which imports back as the same contacts", async () => {
    const person = await buildUser(server);
    await create(person, { name: "=HYPERLINK(\"x\")", number: "+44 7106 123461" });
    await create(person, { name: "Zoë", number: "+46 70 123 45 68" });
    const exported = await send(person, "GET", "/api/contacts/export.csv");
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toContain("text/csv");
    expect(exported.headers["content-disposition"]).toMatch(/attachment; filename="dialwise-contacts-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(readCsvRecords(exported.body).map((record) => record.fields)).toEqual([
      ["name", "phone", "country_code"],
      ["'=HYPERLINK(\"x\")", "+447106123461", "GB"],
      ["Zoë", "+46701234568", "SE"],
    ]);

    const elsewhere = await buildUser(server);
    const imported = contactImport.response.parse((await send(elsewhere, "POST", "/api/contacts/import", { format: "csv", text: exported.body })).json());
    expect(imported.added).toBe(2);
    expect((await list(elsewhere)).contacts.map((contact) => [contact.name, contact.phone])).toEqual([
      ["=HYPERLINK(\"x\")", "+447106123461"],
      ["Zoë", "+46701234568"],
    ]);
  });

  it("refuses oversize and malformed files with clear 4xx codes, writing nothing", async () => {
    const person = await buildUser(server);
    const cases: [object, number, string][] = [
      [{ format: "vcard", text: "name,phone\nAda,+447106123462" }, 422, "contacts_file_unreadable"],
      [{ format: "csv", text: "\n \n" }, 422, "contacts_file_unreadable"],
      [{ format: "pdf", text: "%PDF-1.7" }, 400, "validation_failed"],
      [{ format: "csv", text: "" }, 400, "validation_failed"],
      [{ format: "csv", text: `name,phone\n${"a".repeat(CONTACT_IMPORT_MAX_BYTES)}` }, 413, "contacts_file_too_large"],
    ];
    for (const [body, status, code] of cases) {
      for (const path of ["/api/contacts/import/preview", "/api/contacts/import"]) {
        const response = await send(person, "POST", path, body);
        expect([response.statusCode, response.json<{ error: { code: string } }>().error.code], `${path} ${JSON.stringify(body).slice(0, 60)}`).toEqual([status, code]);
      }
    }
    // Past the body limit itself, the server's own 413.
    const huge = await send(person, "POST", "/api/contacts/import", { format: "csv", text: "a".repeat(2 * CONTACT_IMPORT_MAX_BYTES + 2048) });
    expect([huge.statusCode, huge.json<{ error: { code: string } }>().error.code]).toEqual([413, "payload_too_large"]);
    expect(await rowsOf(person)).toEqual([]);
  });

  it("stops at the contact limit: one more is refused, and an import that would pass it is refused whole", async () => {
    const person = await buildUser(server);
    // One short of the limit, written directly: the API would take minutes to add five thousand.
    await server.database.db.insert(contacts).values(
      Array.from({ length: CONTACTS_MAX - 1 }, (_, index) => ({ userId: person.id, name: `Person ${index}`, phone: `+4420794${String(index).padStart(5, "0")}`, countryCode: "GB" })),
    );
    const two = ["name,phone", "New One,+44 7106 123463", "New Two,+44 7106 123464"].join("\n");
    const preview = contactImportPreview.response.parse((await send(person, "POST", "/api/contacts/import/preview", { format: "csv", text: two })).json());
    expect(preview).toMatchObject({ existing: CONTACTS_MAX - 1, max: CONTACTS_MAX, canCommit: false });
    expect(preview.toAdd).toHaveLength(2);
    const refused = await send(person, "POST", "/api/contacts/import", { format: "csv", text: two });
    expect([refused.statusCode, refused.json<{ error: { code: string } }>().error.code]).toEqual([422, "contacts_limit_reached"]);
    expect(await rowsOf(person)).toHaveLength(CONTACTS_MAX - 1);

    await create(person, { name: "The last one", number: "+44 7106 123465" });
    const over = await send(person, "POST", "/api/contacts", { name: "One too many", number: "+44 7106 123466" });
    expect([over.statusCode, over.json<{ error: { code: string } }>().error.code]).toEqual([422, "contacts_limit_reached"]);
    expect(await rowsOf(person)).toHaveLength(CONTACTS_MAX);
  });
});
