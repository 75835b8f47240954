import { readFileSync } from "node:fs";
import { formatUsd, type Money } from "../src/shared/money";
import { lineKind, parseDeck } from "../src/shared/rates/deck";
import { buildPrefixIndex } from "../src/shared/rates/prefix-index";
import { customerRate } from "../src/shared/rates/pricing";
import { expect, test } from "./fixtures";

// The expected prices come from the shipped deck and the spec's margin (× 1.9, 4 decimals),
// computed here independently of the server.
const { rows } = parseDeck(readFileSync(new URL("../data/provider-voice-rates.csv", import.meta.url), "utf8"));
const SPEC_MARGIN_BP = 9000;
const usd = (amount: Money, decimals: 2 | 4) => formatUsd(amount, "en", decimals);

test("a visitor finds Jamaica by typing 1876 in the country picker", async ({ page }) => {
  await page.goto("/en");
  await expect(page.getByRole("heading", { name: "Price simulator" })).toBeVisible();
  const picker = page.getByRole("combobox", { name: "Country" });
  await expect(picker).toBeEnabled();
  await picker.click();
  await page.getByPlaceholder("Country, +code or code").fill("1876");
  const first = page.getByRole("option").first();
  await expect(first).toContainText("Jamaica");
  await expect(first).toContainText("+1876");
  await page.keyboard.press("Enter");
  await expect(picker).toContainText("Jamaica");
  await expect(page.getByText("A call to Jamaica costs from")).toBeVisible();
});

test("the country page for India shows the range the deck gives at × 1.9", async ({ page }) => {
  const ordinary = new Set(["landline", "mobile", "other", "satellite"]);
  const rates = rows.filter((row) => row.iso === "IN" && ordinary.has(lineKind(row.lineType, row.iso))).map((row) => customerRate(row.carrierRate, SPEC_MARGIN_BP));
  expect(rates.length).toBeGreaterThan(1);
  const range = `from ${usd(Math.min(...rates), 2)} to ${usd(Math.max(...rates), 2)} per minute`;

  await page.goto("/en/country/in");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Call India");
  await expect(page.getByRole("main").getByText(range, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "Landline" })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "Mobile" })).toBeVisible();
  await expect(page).toHaveTitle(`Call India from ${usd(Math.min(...rates), 2)}/min · Dialwise`);

  await page.getByRole("button", { name: "Call India now" }).click();
  await expect(page).toHaveURL(/\/en$/);
});

test("an unknown country code shows the not-found page", async ({ page }) => {
  await page.goto("/en/country/not-a-country");
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
});

test("the Rate Checker prices a UK mobile number by its longest prefix", async ({ page }) => {
  const number = "+44 7106 123456";
  const match = buildPrefixIndex(rows).lookup(number.replace(/\D/g, ""));
  expect(match?.row.lineType).toBe("Mobile");
  const price = `${usd(customerRate(match?.row.carrierRate ?? 0, SPEC_MARGIN_BP), 4)} per minute`;

  await page.goto("/en/twilio-test");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rate Checker");
  await page.getByLabel("Phone number").fill(number);
  await page.getByRole("button", { name: "Check rate" }).click();
  const result = page.getByTestId("rate-result");
  await expect(result).toContainText("United Kingdom");
  await expect(result).toContainText("Mobile");
  await expect(result).toContainText(price);

  await page.getByLabel("Phone number").fill("+44 999");
  await page.getByRole("button", { name: "Check rate" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(result).toHaveCount(0);
});

test("the Arabic countries page reads right to left with Arabic country names", async ({ page }) => {
  await page.goto("/ar/countries");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("أسعار المكالمات الدولية حسب الدولة");
  await page.getByLabel("بحث").fill("جامايكا");
  const card = page.getByRole("link", { name: /جامايكا/ });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("+1876");
  await expect(card).toHaveAttribute("href", "/ar/country/jm");
  await card.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("مكالمات إلى جامايكا");
});

test("the rates pages have no serious accessibility problems", async ({ page }) => {
  // axe walks every node of a page; the countries page has a few thousand.
  test.slow();
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  // One countries page is enough: axe over ~230 cards is slow, and Arabic also covers right to left.
  for (const path of ["/en/country/jm", "/en/twilio-test", "/ar/countries"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    const { violations } = await new AxeBuilder({ page }).include("main").analyze();
    const serious = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(serious.map((violation) => `${path}: ${violation.id} (${violation.nodes.length})`)).toEqual([]);
  }
  await page.goto("/en");
  const picker = page.getByRole("combobox", { name: "Country" });
  await expect(picker).toBeEnabled();
  await picker.click();
  await expect(page.getByRole("listbox")).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).include("[data-radix-popper-content-wrapper]").include("#price-simulator").analyze();
  expect(violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id)).toEqual([]);
});
