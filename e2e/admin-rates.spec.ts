import { expect, test } from "./fixtures";
import { createAdmin, signIn } from "./support/accounts";
import { seriousAccessibilityProblems } from "./support/accessibility";
import { plusDrawnFirst } from "./support/bidi";

// Iceland: the deck prices its landlines at $0.0551 and its mobiles at $0.0950 (× 1.9).
// No other spec reads Iceland's prices, so this override does not leak into them.
test("an admin sets a band; customers are shown exactly what its numbers are charged", async ({ page, server }) => {
  const admin = await createAdmin(page.request, server);
  await signIn(page.request, server, admin);

  await page.goto("/en/country-rates");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Country rates");
  await page.getByLabel("Search countries").fill("iceland");
  const row = page.getByRole("row").filter({ hasText: "Iceland" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("$0.0551");

  await row.getByRole("button", { name: "Edit the prices of Iceland" }).click();
  await page.getByRole("switch", { name: "Manual override" }).click();
  await page.getByLabel("Cheapest price (USD per minute)").fill("0.04");
  await page.getByLabel("Most expensive price (USD per minute)").fill("0.08");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Prices of Iceland saved.")).toBeVisible();
  await expect(row).toContainText("Manual price");
  await expect(row).toContainText("Your band: $0.0400 to $0.0800");
  // No Icelandic number costs less than the deck's $0.0551, so that stays the cheapest price charged.
  await expect(row.getByRole("cell").nth(3)).toHaveText("$0.0551");
  await expect(row.getByRole("cell").nth(4)).toHaveText("$0.0800");
  await expect(page.getByText("Prices of Iceland changed")).toBeVisible();

  // A landline costs what the deck says; a mobile the deck prices at $0.0950 now costs the band's top.
  const quote = async (number: string) => (await page.request.post("/api/rates/lookup", { data: { number }, headers: { origin: server.baseURL } })).json();
  expect(await quote("+354 411 2345")).toMatchObject({ countryCode: "IS", rate: "0.0551" });
  expect(await quote("+354 611 2345")).toMatchObject({ countryCode: "IS", rate: "0.0800" });

  // The public page shows those two prices, not the band's $0.04.
  await page.goto("/en/country/is");
  await expect(page.getByRole("main").getByText("from $0.06 to $0.08 per minute", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("$0.04")).toHaveCount(0);
});

test("an admin finds the +44 countries by dial code, not +244 or +1441", async ({ page, server }) => {
  const admin = await createAdmin(page.request, server);
  await signIn(page.request, server, admin);
  await page.goto("/en/country-rates");
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  for (const query of ["+44", "44"]) {
    await page.getByLabel("Search countries").fill(query);
    await expect(page.getByRole("row").filter({ hasText: "Angola" })).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: "Bermuda" })).toHaveCount(0);
    await expect(page.getByRole("row")).toHaveCount(5); // the header, then Guernsey, Isle of Man, Jersey, United Kingdom
    await expect(page.getByRole("row").nth(1)).toContainText("Guernsey");
  }
});

test("the country rates page works on a phone and has no serious accessibility problems", async ({ browser, server }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: server.baseURL });
  const page = await context.newPage();
  const admin = await createAdmin(page.request, server);
  await signIn(page.request, server, admin);
  await page.goto("/ar/country-rates");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("أسعار الدول");
  // Each country is a card on a phone: nothing to scroll sideways, every action at hand.
  const jordan = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: "الأردن" }) });
  await expect(page.getByRole("table")).toHaveCount(0);
  // Jordan is on the unfiltered first page too: wait until the search has narrowed the list to it alone,
  // or the list reloads (dimmed) under the open editor while axe reads its colours.
  const cards = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
  await page.getByLabel("البحث عن الدول").fill("+962");
  await expect(cards).toHaveCount(1);
  await expect(jordan).toBeVisible();
  expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(390);
  // The dial code reads +962, not 962+, inside the Arabic card.
  const code = jordan.locator("bdi", { hasText: "+962" });
  expect(await plusDrawnFirst(code, "+962")).toEqual([true]);
  await jordan.getByRole("button", { name: /الأردن/ }).click();
  await expect(jordan.getByRole("switch", { name: "تسعير يدوي" })).toBeVisible();

  expect(await seriousAccessibilityProblems(page)).toEqual([]);
  await context.close();
});
