import { expect, testWithOwnServer as test } from "./fixtures";
import { signIn } from "./support/accounts";
import { MICROPHONE_LAUNCH, startFundedServer, type FundedServer } from "./support/funded-server";

/**
 * A customer brings their phone's address book in as a vCard file (two people and an
 * emergency number), reads the report of what was refused, and then calls one of the
 * imported contacts from the call section's contacts dialog, on the local carrier.
 */
test.use({ launchOptions: MICROPHONE_LAUNCH });

let funded: FundedServer;
test.beforeAll(async () => {
  funded = await startFundedServer(["5"]);
});
test.afterAll(async () => funded?.stop());

/** As Android writes it: vCard 2.1, a quoted-printable name, bare type words, a national number. */
const ADDRESS_BOOK = [
  "BEGIN:VCARD",
  "VERSION:2.1",
  "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Lind;=C3=85sa;;;",
  "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C3=85sa Lind",
  "TEL;CELL;PREF:+44 7106 123456",
  "END:VCARD",
  "BEGIN:VCARD",
  "VERSION:3.0",
  "FN:Ada Lovelace",
  "TEL;TYPE=CELL:(202) 555-0123",
  "END:VCARD",
  "BEGIN:VCARD",
  "VERSION:3.0",
  "FN:Emergency",
  "TEL:911",
  "END:VCARD",
  "",
].join("\r\n");

test("a customer imports a vCard, sees the refused row, and calls an imported contact from the call section", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page.request, funded.running, funded.accounts[0]!);
  const base = funded.running.baseURL;

  await page.goto(`${base}/en/contacts`);
  await expect(page.getByText("No contacts yet")).toBeVisible({ timeout: 15_000 });
  await page.getByRole("button", { name: "Import" }).click();
  const importing = page.getByRole("dialog", { name: "Import contacts" });
  await importing.getByLabel("File").setInputFiles({ name: "contacts.vcf", mimeType: "text/vcard", buffer: Buffer.from(ADDRESS_BOOK, "utf8") });

  // The preview: two to add, and the emergency number refused with why.
  await expect(importing.getByRole("heading", { name: "Will be added (2)" })).toBeVisible({ timeout: 15_000 });
  await expect(importing.getByText("Ada Lovelace")).toBeVisible();
  await expect(importing.getByText("Åsa Lind")).toBeVisible();
  await expect(importing.getByRole("heading", { name: "Not imported (1)" })).toBeVisible();
  const refused = importing.getByRole("listitem").filter({ hasText: "Emergency" });
  await expect(refused).toContainText("Card 3");
  await expect(refused).toContainText("Emergency or short-service number");
  await importing.getByRole("button", { name: "Add contacts (2)" }).click();
  await expect(importing).toBeHidden();
  await expect(page.getByText("Contacts added: 2")).toBeVisible();

  // Both contacts listed by name, each with its price per minute.
  const ada = page.getByRole("row").filter({ hasText: "Ada Lovelace" });
  await expect(ada).toContainText("+1 202 555 0123");
  await expect(ada).toContainText(/\$\d+\.\d{4}\u2069?\/min/);
  await expect(page.getByRole("row").filter({ hasText: "Åsa Lind" })).toContainText("+44 7106 123456");

  // From home's call section: the contacts dialog fills the country and the number.
  await page.goto(`${base}/en`);
  const section = page.locator("#call");
  await expect(section.getByText("Ready to call")).toBeVisible({ timeout: 15_000 });
  await section.getByRole("button", { name: "Contacts" }).click();
  const picker = page.getByRole("dialog", { name: "Choose a contact" });
  await expect(picker.getByRole("link", { name: "Manage contacts" })).toBeVisible();
  await picker.getByLabel("Search contacts").fill("ada");
  await expect(picker.getByRole("button", { name: /Åsa Lind/ })).toBeHidden();
  await picker.getByRole("button", { name: /Ada Lovelace/ }).click();
  await expect(picker).toBeHidden();
  await expect(section.getByLabel("Phone number")).toHaveValue("2025550123");
  await expect(section.getByRole("combobox").first()).toContainText("United States");

  await section.getByRole("button", { name: "Start Call" }).click();
  const confirm = page.getByRole("dialog", { name: "Start this call?" });
  await confirm.getByRole("button", { name: "Call now" }).click();
  await expect(section.getByRole("status").filter({ hasText: "Connected" })).toBeVisible({ timeout: 20_000 });
  await section.getByRole("button", { name: "Hang up" }).click();
  await expect
    .poll(async () => ((await (await page.request.get(`${base}/api/calls`)).json()) as { calls: { toNumber: string }[] }).calls[0]?.toNumber, { timeout: 10_000 })
    .toBe("+12025550123");
});
