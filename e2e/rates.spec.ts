import { readFileSync } from "node:fs";
import { formatUsd, type Money } from "../src/shared/money";
import { lineKind, parseDeck } from "../src/shared/rates/deck";
import { buildPrefixIndex } from "../src/shared/rates/prefix-index";
import { customerRate } from "../src/shared/rates/pricing";
import { expect, test } from "./fixtures";
import { seriousAccessibilityProblems } from "./support/accessibility";
import { plusDrawnFirst } from "./support/bidi";

// The expected prices come from the shipped deck and the spec's margin (× 1.9, 4 decimals),
// computed here independently of the server.
const { rows } = parseDeck(readFileSync(new URL("../data/provider-voice-rates.csv", import.meta.url), "utf8"));
const SPEC_MARGIN_BP = 9000;
const usd = (amount: Money, decimals: 2 | 4) => formatUsd(amount, "en", decimals);

test("a visitor finds Jamaica by typing 1876 in the country picker", async ({ page }) => {
  await page.goto("/en");
  await expect(page.getByRole("heading", { name: "Price simulator" })).toBeVisible();
  // Home has two country pickers (the call section's and the simulator's): this is the simulator's.
  const picker = page.getByRole("region", { name: "Price simulator" }).getByRole("combobox", { name: "Country" });
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
  // One countries page is enough: axe over ~230 cards is slow, and Arabic also covers right to left.
  for (const path of ["/en/country/jm", "/en/twilio-test", "/ar/countries"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect((await seriousAccessibilityProblems(page)).map((problem) => `${path}: ${problem}`)).toEqual([]);
  }
  await page.goto("/en");
  // Home has two country pickers (the call section's and the simulator's): this is the simulator's.
  const picker = page.getByRole("region", { name: "Price simulator" }).getByRole("combobox", { name: "Country" });
  await expect(picker).toBeEnabled();
  await picker.click();
  await expect(page.getByRole("listbox")).toBeVisible();
  expect(await seriousAccessibilityProblems(page, ["[data-radix-popper-content-wrapper]", "#price-simulator"])).toEqual([]);
});

test("Arabic pages show +44 left to right: the dial code, the dialling steps and the picker", async ({ page }) => {
  await page.goto("/ar/country/uk");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("مكالمات إلى المملكة المتحدة");
  const placements = await plusDrawnFirst(page.getByRole("main"), "+44");
  // The dial code line, both dialling steps, the example and the simulator's picker.
  expect(placements.length).toBeGreaterThanOrEqual(4);
  expect(placements.every(Boolean)).toBe(true);

  await page.goto("/ar/countries");
  await page.getByLabel("بحث").fill("+44");
  const card = page.getByRole("main").getByRole("link", { name: /المملكة المتحدة/ });
  await expect(card).toBeVisible();
  expect(await plusDrawnFirst(card, "+44")).toEqual([true]);
});

test("the price simulator in Swedish reads 1,5 as one and a half dollars and refuses a negative amount with the range", async ({ page }) => {
  const countries = (await (await page.request.get("/api/rates/countries")).json()).countries as { country_code: string; our_cheapest_rate: string }[];
  const us = countries.find((row) => row.country_code === "US");
  const cheapest = Math.round(Number(us?.our_cheapest_rate) * 10_000);
  const minutes = new Intl.NumberFormat("sv", { style: "unit", unit: "minute", unitDisplay: "long" }).format(Math.floor(15_000 / cheapest));

  await page.goto("/sv");
  const simulator = page.locator("#price-simulator").locator("xpath=..");
  await expect(page.getByRole("heading", { name: "Priskalkylator" })).toBeVisible();
  await page.getByText("Samtalstid för en summa").click();
  const budget = page.getByLabel("Belopp (USD)");
  await budget.fill("1,5");
  await expect(simulator.getByText(minutes, { exact: true })).toBeVisible();
  await expect(simulator.getByRole("alert")).toHaveCount(0);

  await budget.fill("-5");
  await expect(simulator.getByRole("alert")).toHaveCount(1);
  await expect(simulator.getByRole("alert")).toContainText("0,01");
  await expect(simulator.getByText(minutes, { exact: true })).toHaveCount(0);
});

test("a country has one everyday name in the footer, the list and its page", async ({ page }) => {
  await page.goto("/zh/countries");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByLabel("搜索").fill("中国");
  await expect(page.getByRole("link", { name: /^中国/ })).toBeVisible();
  await expect(page.getByText("中华人民共和国")).toHaveCount(0);

  await page.goto("/ru/countries");
  await page.getByLabel("Поиск").fill("Кука");
  await expect(page.getByRole("link", { name: /Острова Кука/ })).toBeVisible();

  await page.goto("/en/country/us");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Call United States");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "United States", exact: true })).toBeVisible();
});

