import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminTranslations, exportTranslations, translationImportReportSchema, updateTranslation } from "../../../shared/api/admin-translations";
import { SEED_DIR } from "../../app";
import { auditLog } from "../../db/schema/audit";
import { translations } from "../../db/schema/i18n";
import { engines } from "../../test/engines";
import { eventually } from "../../test/eventually";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { startTwoInstances, type TwoInstances } from "../../test/two-instances";
import { translationsSeeder } from "./seed";
import { readLanguageStrings } from "./translation-files";

// What the shipped files say, read here apart from the code under test.
const shippedEnglish = readLanguageStrings(path.join(SEED_DIR, "translations"), "en");
const shippedFrench = readLanguageStrings(path.join(SEED_DIR, "translations"), "fr");
const ENGLISH_KEYS = Object.keys(shippedEnglish).length;

describe.each(engines)("the back office's translations on %s", (engine) => {
  let server: TestServer;
  let admin: TestUser;
  let customer: TestUser;
  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "100000" });
    admin = await buildUser(server, { role: "admin" });
    customer = await buildUser(server);
  });
  afterAll(() => server.close());

  const get = (url: string, person: TestUser | null = admin, headers: Record<string, string> = {}) =>
    server.app.inject({ url, headers: { ...(person ? { cookie: person.cookie } : {}), ...headers } });
  const send = (method: "PUT" | "POST", url: string, payload: object, person: TestUser = admin) =>
    server.app.inject({ method, url, payload, headers: { cookie: person.cookie } });
  const list = async (query: string) => {
    const response = await get(`/api/admin/translations?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return adminTranslations.response.parse(response.json());
  };
  const stored = async (language: string, key: string) =>
    (await server.database.db.select().from(translations).where(and(eq(translations.language, language), eq(translations.key, key))))[0];
  const audits = (subjectId: string) =>
    server.database.db.select().from(auditLog).where(and(eq(auditLog.subjectType, "translation"), eq(auditLog.subjectId, subjectId)));

  it("is for admins only", async () => {
    expect((await get("/api/admin/translations?language=fr", null)).statusCode).toBe(401);
    expect((await get("/api/admin/translations?language=fr", customer)).statusCode).toBe(403);
    expect((await send("PUT", "/api/admin/translations", { language: "fr", key: "hero.title", value: "x" }, customer)).statusCode).toBe(403);
  });

  it("lists every English key with the language's value, searched by key or value", async () => {
    const all = await list("language=fr");
    expect(all.total).toBe(ENGLISH_KEYS);
    expect(all.keys).toBe(ENGLISH_KEYS);
    expect(all.rows).toHaveLength(50);
    expect(all.pageCount).toBe(Math.ceil(ENGLISH_KEYS / 50));
    // Sorted by key, as the files' keys sort.
    expect(all.rows.map((row) => row.key)).toEqual(Object.keys(shippedEnglish).sort().slice(0, 50));
    // The shipped files are complete: no language misses a value.
    expect(all.missing).toEqual({ en: 0, sv: 0, ar: 0, zh: 0, fr: 0, de: 0, es: 0, hi: 0, ru: 0, pt: 0 });

    const byKey = await list("language=fr&q=HERO.TITLE");
    expect(byKey.rows.map((row) => row.key)).toEqual(["hero.title"]);
    expect(byKey.rows[0]).toMatchObject({ english: shippedEnglish["hero.title"], value: shippedFrench["hero.title"], source: "seed", missing: false, outdated: false });

    // A word only the French value has (not its key, not English).
    const french = shippedFrench["footer.copyright"]!;
    const word = french.split(" ").find((part) => part.length > 5 && !shippedEnglish["footer.copyright"]!.includes(part))!;
    const byValue = await list(`language=fr&q=${encodeURIComponent(word)}`);
    expect(byValue.rows.map((row) => row.key)).toContain("footer.copyright");
    // "%" is a plain character, not a wildcard.
    expect((await list("language=fr&q=%25%25%25")).total).toBe(0);
  });

  it("counts and filters missing values and values older than English", async () => {
    const db = server.database.db;
    // Hand-made: Swedish loses one value, another goes blank; English of a third changes after its Swedish.
    await db.delete(translations).where(and(eq(translations.language, "sv"), eq(translations.key, "hero.subtitle")));
    await db.update(translations).set({ value: "  " }).where(and(eq(translations.language, "sv"), eq(translations.key, "common.notifications")));
    await db.update(translations).set({ updatedAt: sql`now() - interval '1 day'` }).where(and(eq(translations.language, "sv"), eq(translations.key, "footer.copyright")));

    const missing = await list("language=sv&state=missing");
    expect(missing.rows.map((row) => row.key)).toEqual(["common.notifications", "hero.subtitle"]);
    expect(missing.rows[1]).toMatchObject({ value: null, source: null, updatedAt: null, missing: true });
    expect(missing.missing.sv).toBe(2);
    expect(missing.missing.fr).toBe(0);

    const outdated = await list("language=sv&state=outdated");
    expect(outdated.rows.map((row) => row.key)).toEqual(["footer.copyright"]);
    expect(outdated.rows[0]!.outdated).toBe(true);
    // English is never older than itself.
    expect((await list("language=en&state=outdated")).total).toBe(0);
  });

  it("refuses a value that loses or adds a placeholder, writing nothing", async () => {
    const before = await stored("fr", "footer.copyright");
    const response = await send("PUT", "/api/admin/translations", { language: "fr", key: "footer.copyright", value: "© {{annee}} Dialwise. <b>Tous</b> droits réservés." });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("translation_markup_mismatch");
    expect(response.json().error.message).toContain("{{year}}");
    expect(response.json().error.details).toEqual([
      { path: "missing", message: "{{year}}" },
      { path: "extra", message: "{{annee}}" },
      { path: "extra", message: "<b>" },
      { path: "extra", message: "</b>" },
    ]);
    expect(await stored("fr", "footer.copyright")).toEqual(before);
    expect(await audits("fr:footer.copyright")).toEqual([]);

    const unknown = await send("PUT", "/api/admin/translations", { language: "fr", key: "no.such.key", value: "Bonjour" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("translation_key_unknown");
    expect(await stored("fr", "no.such.key")).toBeUndefined();
    expect((await send("PUT", "/api/admin/translations", { language: "fr", key: "hero.title", value: "   " })).json().error.code).toBe("translation_value_empty");
  });

  it("saves an edit as the admin's, audits it, and serves it at once with a new ETag", async () => {
    const first = await get("/api/i18n/fr?prefixes=hero.", null);
    expect(first.headers["cache-control"]).toBe("no-cache");
    const oldTag = first.headers.etag as string;
    expect(first.json().strings["hero.title"]).toBe(shippedFrench["hero.title"]);
    // An unchanged language answers 304 to its own tag.
    expect((await get("/api/i18n/fr?prefixes=hero.", null, { "if-none-match": oldTag })).statusCode).toBe(304);

    const value = "Appelez le monde entier au meilleur prix";
    const response = await send("PUT", "/api/admin/translations", { language: "fr", key: "hero.title", value });
    expect(response.statusCode, response.body).toBe(200);
    expect(updateTranslation.response.parse(response.json()).row).toMatchObject({ key: "hero.title", value, source: "admin", outdated: false, missing: false });
    expect(await stored("fr", "hero.title")).toMatchObject({ value, source: "admin" });
    const [audit, ...more] = await audits("fr:hero.title");
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actorUserId: admin.id,
      action: "translation.update",
      before: { language: "fr", key: "hero.title", value: shippedFrench["hero.title"] },
      after: { language: "fr", key: "hero.title", value },
    });

    const again = await get("/api/i18n/fr?prefixes=hero.", null, { "if-none-match": oldTag });
    expect(again.statusCode).toBe(200);
    expect(again.json().strings["hero.title"]).toBe(value);
    expect(again.headers.etag).not.toBe(oldTag);

    // The same value again changes nothing and audits nothing.
    expect((await send("PUT", "/api/admin/translations", { language: "fr", key: "hero.title", value })).statusCode).toBe(200);
    expect(await audits("fr:hero.title")).toHaveLength(1);
  });

  it("keeps an admin's edit when a release ships new wording, and marks it older than new English", async () => {
    const edited = "Appelez partout, payez peu";
    expect((await send("PUT", "/api/admin/translations", { language: "fr", key: "hero.subtitle", value: edited })).statusCode).toBe(200);
    // The shipped files again (as at every start with new files): the edit stays.
    await translationsSeeder(SEED_DIR).run(server.database.db);
    expect(await stored("fr", "hero.subtitle")).toMatchObject({ value: edited, source: "admin" });

    // A release with new English for the key and new French too: English follows, the admin's French stays, flagged.
    const folder = mkdtempSync(path.join(tmpdir(), "dialwise-release-"));
    try {
      for (const [language, text] of [["en", "Call anyone, anywhere, for less"], ["fr", "Appelez n'importe qui, n'importe où"]] as const) {
        mkdirSync(path.join(folder, "translations", language), { recursive: true });
        writeFileSync(path.join(folder, "translations", language, "core.json"), JSON.stringify({ "hero.subtitle": text }));
      }
      for (const language of ["sv", "ar", "zh", "de", "es", "hi", "ru", "pt"]) mkdirSync(path.join(folder, "translations", language), { recursive: true });
      await translationsSeeder(folder).run(server.database.db);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const [row] = (await list("language=fr&q=hero.subtitle")).rows;
    expect(row).toMatchObject({ english: "Call anyone, anywhere, for less", value: edited, source: "admin", outdated: true });
  });

  it("exports a language as a flat JSON file that imports back unchanged", async () => {
    const response = await get("/api/admin/translations/export.json?language=de");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="dialwise-translations-de-\d{4}-\d{2}-\d{2}\.json"$/);
    const exported = exportTranslations.response.parse(response.json());
    expect(exported).toEqual(readLanguageStrings(path.join(SEED_DIR, "translations"), "de"));

    const preview = translationImportReportSchema.parse((await send("POST", "/api/admin/translations/import/preview", { language: "de", strings: exported })).json());
    expect(preview).toEqual({ language: "de", changed: [], unchanged: ENGLISH_KEYS, skippedEmpty: 0, unknownKeys: [], refused: [], applied: false });
    const imported = await send("POST", "/api/admin/translations/import", { language: "de", strings: exported });
    expect(imported.json()).toMatchObject({ changed: [], unchanged: ENGLISH_KEYS, applied: true });
  });

  it("imports all or nothing, reporting unknown keys and broken placeholders", async () => {
    const english = shippedEnglish;
    const strings = {
      "hero.title": "Llama al mundo entero",
      "footer.copyright": "© Dialwise. Todos los derechos reservados.",
      "not.a.key": "¿Qué?",
      "common.notifications": "",
    };
    const preview = translationImportReportSchema.parse((await send("POST", "/api/admin/translations/import/preview", { language: "es", strings })).json());
    expect(preview).toEqual({
      language: "es",
      changed: [{ key: "hero.title", before: readLanguageStrings(path.join(SEED_DIR, "translations"), "es")["hero.title"], after: "Llama al mundo entero" }],
      unchanged: 0,
      skippedEmpty: 1,
      unknownKeys: ["not.a.key"],
      refused: [{ key: "footer.copyright", missing: ["{{year}}"], extra: [] }],
      applied: false,
    });
    expect(english["footer.copyright"]).toContain("{{year}}");

    const refused = await send("POST", "/api/admin/translations/import", { language: "es", strings });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe("translation_import_invalid");
    // Nothing written, not even the good value.
    expect((await stored("es", "hero.title"))?.source).toBe("seed");
    expect(await audits("es:hero.title")).toEqual([]);

    const good = { "hero.title": "Llama al mundo entero", "footer.copyright": "© {{year}} Dialwise. Todos los derechos." };
    const applied = translationImportReportSchema.parse((await send("POST", "/api/admin/translations/import", { language: "es", strings: good })).json());
    expect(applied.applied).toBe(true);
    expect(applied.changed.map((change) => change.key)).toEqual(["footer.copyright", "hero.title"]);
    expect(await stored("es", "footer.copyright")).toMatchObject({ value: good["footer.copyright"], source: "admin" });
    expect(await audits("es:footer.copyright")).toHaveLength(1);
    expect((await get("/api/i18n/es?prefixes=hero.", null)).json().strings["hero.title"]).toBe("Llama al mundo entero");
  });
});

// An edit on one instance reaches another at once: its strings are dropped on the bus message, not after their 60 s.
describe.each(engines.filter((engine) => engine === "postgres"))("a translation edited on one of two instances on %s", (engine) => {
  let instances: TwoInstances;
  let first: TestServer;
  let second: TestServer;
  let admin: TestUser;
  beforeAll(async () => {
    instances = await startTwoInstances(engine);
    ({ first, second } = instances);
    admin = await buildUser(first, { role: "admin" });
  });
  afterAll(() => instances.close());

  it("shows on the other instance within a moment", async () => {
    const frenchTitle = async () => (await second.app.inject({ url: "/api/i18n/fr?prefixes=hero." })).json().strings["hero.title"] as string;
    // The second instance has French in its cache.
    expect(await frenchTitle()).toBe(shippedFrench["hero.title"]);
    const value = "Des appels internationaux aux meilleurs tarifs";
    const saved = await first.app.inject({ method: "PUT", url: "/api/admin/translations", payload: { language: "fr", key: "hero.title", value }, headers: { cookie: admin.cookie } });
    expect(saved.statusCode, saved.body).toBe(200);
    const started = Date.now();
    await eventually(frenchTitle, (title) => title === value, 5_000, 20);
    // Far from the cache's 60 s lifetime: the bus message dropped it.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
