import { readFileSync } from "node:fs";
import { formatUsd, type Money } from "../src/shared/money";
import { lineKind, parseDeck } from "../src/shared/rates/deck";
import { customerRate } from "../src/shared/rates/pricing";
import { expect, test } from "./fixtures";
import { seriousAccessibilityProblems } from "./support/accessibility";
import { plusDrawnFirst } from "./support/bidi";

// Jamaica's price range from the shipped deck at the spec's margin (× 1.9), computed here, not by the server.
const { rows } = parseDeck(readFileSync(new URL("../data/provider-voice-rates.csv", import.meta.url), "utf8"));
const ordinary = new Set(["landline", "mobile", "other", "satellite"]);
const jamaicaRates = rows.filter((row) => row.iso === "JM" && ordinary.has(lineKind(row.lineType, row.iso))).map((row) => customerRate(row.carrierRate, 9000));
const usd = (amount: Money) => formatUsd(amount, "en", 2);

test("search finds Jamaica by 1876 and opens its country page", async ({ page }) => {
  await page.goto("/en/search");
  await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
  await expect(page.getByRole("link", { name: "See all countries and their rates" })).toBeVisible();
  const box = page.getByRole("searchbox", { name: "Search countries, guides and questions" });
  await box.fill("1876");
  await expect(page).toHaveURL(/\/en\/search\?q=1876$/);
  const result = page.getByRole("main").locator('a[href="/en/country/jm"]');
  await expect(result).toContainText("Jamaica");
  await expect(result).toContainText(`from ${usd(Math.min(...jamaicaRates))} to ${usd(Math.max(...jamaicaRates))} per minute`);
  expect(await seriousAccessibilityProblems(page)).toEqual([]);

  // The keyboard reaches the result from the box.
  await box.press("ArrowDown");
  await expect(result).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/en\/country\/jm$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Call Jamaica");

  // Back returns to the search with its results.
  await page.goBack();
  await expect(box).toHaveValue("1876");
  await expect(result).toBeVisible();
});

test("a German visitor finds India as Indien, and an unknown word says so", async ({ page }) => {
  await page.goto("/de/search?q=Indien");
  await expect(page.getByRole("main").locator('a[href="/de/country/in"]')).toContainText("Indien");
  await page.getByRole("searchbox").fill("qqqzzz");
  await expect(page.getByRole("status")).toHaveText("Keine Ergebnisse für „\u2068qqqzzz\u2069“");
  await expect(page.getByRole("link", { name: "Alle Länder und Tarife ansehen" })).toBeVisible();
});

test("the Arabic search page renders right to left", async ({ page }) => {
  await page.goto("/ar/search?q=%2B44");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("البحث");
  const uk = page.getByRole("main").locator('a[href="/ar/country/uk"]');
  await expect(uk).toBeVisible();
  // The flag sits at the right edge of the result, the start of a right-to-left line.
  const row = await uk.boundingBox();
  const flagImage = uk.locator("img").first();
  const flag = await flagImage.boundingBox();
  expect(row && flag && flag.x > row.x + row.width / 2).toBe(true);
  // The flag is an SVG file the server serves, not an emoji (two letters on Windows).
  await expect.poll(() => flagImage.evaluate((image) => (image as unknown as { complete: boolean; naturalWidth: number }).naturalWidth > 0)).toBe(true);
  await expect(uk.locator("bdi[dir=ltr]")).toHaveText("+44");
  // "+44" reads as +44 wherever it shows: the hint, the result count, each dial code (the plus left of the digits).
  expect(await plusDrawnFirst(page.getByRole("main"), "+44")).toEqual([true, true]);
  for (const dial of await page.getByRole("main").locator("li bdi[dir=ltr]").all()) {
    // The marked digits follow the plus, so they start right of the dial code's left edge.
    const [whole, digits] = [await dial.boundingBox(), await dial.locator("mark").boundingBox()];
    expect(whole !== null && digits !== null && digits.x > whole.x + 2).toBe(true);
  }
  expect(await seriousAccessibilityProblems(page)).toEqual([]);
});

test("search finds a guide by a word of its title and a FAQ entry by its answer, and the FAQ result opens that question", async ({ page }) => {
  await page.goto("/en/search");
  const box = page.getByRole("searchbox", { name: "Search countries, guides and questions" });
  await box.fill("Headset");
  await expect(page).toHaveURL(/\/en\/search\?q=Headset$/);
  const main = page.getByRole("main");
  // The shipped guide "Calling from your browser: microphone, headset and call quality tips".
  const guide = main.locator('a[href="/en/blog/calling-from-your-browser"]');
  await expect(guide).toContainText("Calling from your browser");
  await expect(guide.locator("mark").first()).toHaveText("headset");
  // "Do I need to install an app?" answers "A headset usually gives the clearest sound."
  const question = main.locator('a[href="/en/faq#faq-no_app"]');
  await expect(question).toContainText("Do I need to install an app?");
  await expect(question.locator("mark")).toHaveText(["headset"]);
  await expect(main.getByRole("heading", { level: 2 })).toHaveText(["Guides", "Questions and answers"]);
  expect(await seriousAccessibilityProblems(page)).toEqual([]);

  // The guide with the word in its title comes before the two with it only in their text.
  await expect(main.locator('a[href^="/en/blog/"]')).toHaveCount(3);
  await expect(main.locator('a[href^="/en/blog/"]').first()).toHaveAttribute("href", "/en/blog/calling-from-your-browser");

  // The keys go from the box to the first result, down to the next, to the last (the question) and back to the first.
  await box.press("ArrowDown");
  await expect(guide).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(main.locator('a[href^="/en/blog/"]').nth(1)).toBeFocused();
  await page.keyboard.press("End");
  await expect(question).toBeFocused();
  await page.keyboard.press("Home");
  await expect(guide).toBeFocused();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/en\/faq#faq-no_app$/);
  const opened = page.getByRole("button", { name: "Do I need to install an app?" });
  await expect(opened).toHaveAttribute("aria-expanded", "true");
  await expect(opened).toBeFocused();
  await expect(page.getByText("A headset usually gives the clearest sound.", { exact: false })).toBeInViewport();
  expect(await seriousAccessibilityProblems(page)).toEqual([]);
});

test("a French visitor finds a FAQ entry with the accents left out", async ({ page }) => {
  await page.goto("/fr/search?q=rembourse");
  const question = page.getByRole("main").locator('a[href="/fr/faq#faq-refunds"]');
  await expect(question).toContainText("Puis-je récupérer le crédit");
  await expect(question.locator("mark").first()).toHaveText(/^rembours/i);
});
