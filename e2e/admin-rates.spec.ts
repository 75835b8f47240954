import { expect, test } from "./fixtures";
import { createAdmin, signIn } from "./support/accounts";

// Iceland: the deck prices its landlines at $0.0551 and its mobiles at $0.0950 (× 1.9).
// No other spec reads Iceland's prices, so this override does not leak into them.
test("an admin overrides a country's prices; customers are shown and charged the new band", async ({ page, server }) => {
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
  await expect(row).toContainText("$0.0400");
  await expect(row).toContainText("Manual price");
  await expect(page.getByText("Prices of IS changed")).toBeVisible();

  // A mobile number the deck prices at $0.0950 now costs the band's top.
  const quote = await page.request.post("/api/rates/lookup", { data: { number: "+354 611 2345" } });
  expect(await quote.json()).toMatchObject({ countryCode: "IS", rate: "0.0800" });

  await page.goto("/en/country/is");
  await expect(page.getByRole("main").getByText("from $0.04 to $0.08 per minute", { exact: true }).first()).toBeVisible();
});

test("the country rates page works on a phone and has no serious accessibility problems", async ({ browser, server }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: server.baseURL });
  const page = await context.newPage();
  const admin = await createAdmin(page.request, server);
  await signIn(page.request, server, admin);
  await page.goto("/ar/country-rates");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("أسعار الدول");
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  // The table scrolls inside its own region; the page itself never scrolls sideways.
  expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(390);

  const { default: AxeBuilder } = await import("@axe-core/playwright");
  await page.waitForLoadState("networkidle");
  const { violations } = await new AxeBuilder({ page }).include("main").analyze();
  expect(violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => `${violation.id} (${violation.nodes.length})`)).toEqual([]);
  await context.close();
});
