import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { seriousAccessibilityProblems } from "./support/accessibility";
import { createAdmin, signIn } from "./support/accounts";

// Each test walks an admin's whole flow and then a second browser's: about 25 s alone, past a minute
// when the other worker runs a call beside it on two cores.
test.describe.configure({ timeout: 120_000 });

test("an admin writes and publishes a post, and a visitor reads it at its slug with no raw HTML run", async ({ page, browser, server }) => {
  const admin = await createAdmin(page.request, server);
  await signIn(page.request, server, admin);
  const slug = `calling-abroad-${randomBytes(3).toString("hex")}`;

  await page.goto("/en/blogs");
  await expect(page.getByRole("heading", { level: 1, name: "Blog posts" })).toBeVisible();
  // The shipped guides are listed, published.
  await expect(page.getByRole("link", { name: "How to make cheap international calls" }).first()).toBeVisible();
  expect(await seriousAccessibilityProblems(page)).toEqual([]);

  await page.getByRole("button", { name: "New post" }).click();
  const dialog = page.getByRole("dialog", { name: "New post" });
  await dialog.getByLabel("Address (slug)").fill("Not A Slug");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Use lowercase letters, digits and single hyphens only.")).toBeVisible();

  await dialog.getByLabel("Title").fill("Calling abroad from a hotel");
  await dialog.getByLabel("Address (slug)").fill(slug);
  await dialog.getByLabel("Excerpt").fill("Hotel phones are expensive; your browser is not.");
  await dialog.getByLabel("Article text").fill('## Use the hotel Wi-Fi\n\nCall from **your browser**.\n\n<img src="x" onerror="window.__blogXss = 1">\n\n[Rates](/en/countries)');
  // The preview renders the Markdown as it is typed, and shows raw HTML as nothing.
  const preview = dialog.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "Use the hotel Wi-Fi" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("your browser");
  await expect(preview.locator("img")).toHaveCount(0);
  expect(await seriousAccessibilityProblems(page, ["[role=dialog]"])).toEqual([]);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole("row").filter({ hasText: slug });
  await expect(row.getByText("Draft")).toBeVisible();
  // A draft is not there for visitors.
  expect((await page.request.get(new URL(`/en/blog/${slug}`, server.baseURL).href)).status()).toBe(404);
  await row.getByRole("button", { name: "Publish Calling abroad from a hotel" }).click();
  await expect(row.getByText("Published")).toBeVisible();

  const visitor = await browser.newContext({ baseURL: server.baseURL });
  const reader = await visitor.newPage();
  const response = await reader.goto(`/en/blog/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(reader.getByRole("heading", { level: 1, name: "Calling abroad from a hotel" })).toBeVisible();
  await expect(reader.getByRole("heading", { level: 2, name: "Use the hotel Wi-Fi" })).toBeVisible();
  await expect(reader.locator("article img")).toHaveCount(0);
  expect(await reader.evaluate(() => (globalThis as { __blogXss?: number }).__blogXss)).toBeUndefined();
  await reader.goto("/en/blogs-guides");
  await expect(reader.getByRole("link", { name: "Calling abroad from a hotel" })).toBeVisible();
  // Written only in English, it reaches a reader of Arabic in English, carrying its language for the badge and for screen readers.
  await reader.goto("/ar/blogs-guides");
  await expect(reader.getByRole("heading", { name: "Calling abroad from a hotel" })).toHaveAttribute("lang", "en");
  await reader.goto(`/ar/blog/${slug}`);
  await expect(reader.getByRole("note")).toBeVisible();
  await expect(reader.locator("article")).toHaveAttribute("lang", "en");
  await visitor.close();
});

test("a visitor reads the cheap calls guide, the list of guides in Arabic, and gets the 404 page for an unknown post", async ({ page }) => {
  const response = await page.goto("/en/blog/cheap-international-calls-guide");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "How to make cheap international calls" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "How Dialwise charges" })).toBeVisible();
  // Prices come from the country pages, linked inside the app.
  await page.getByRole("link", { name: "India" }).first().click();
  await expect(page).toHaveURL(/\/en\/country\/in$/);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "How to make cheap international calls" })).toBeVisible();
  expect(await seriousAccessibilityProblems(page)).toEqual([]);

  await page.goto("/en/blogs-guides");
  await expect(page.getByRole("heading", { level: 1, name: "Blog and guides" })).toBeVisible();
  await expect(page.getByRole("link", { name: "How to call India from abroad" })).toBeVisible();
  expect(await seriousAccessibilityProblems(page)).toEqual([]);

  await page.goto("/ar/blogs-guides");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: "المدونة والأدلة" })).toBeVisible();
  await expect(page.getByRole("link", { name: "كيف تُجري مكالمات دولية رخيصة" })).toBeVisible();
  // The country guides written in Arabic are listed in Arabic, with no English badge.
  const indiaGuide = page.getByRole("heading", { name: "كيف تتصل بالهند من الخارج" });
  await expect(indiaGuide).toBeVisible();
  await expect(indiaGuide).not.toHaveAttribute("lang", "en");
  expect(await seriousAccessibilityProblems(page)).toEqual([]);

  await page.goto("/ar/blog/how-to-call-mexico");
  await expect(page.getByRole("heading", { level: 1, name: "كيف تتصل بالمكسيك من الخارج" })).toBeVisible();
  await expect(page.getByRole("note")).toHaveCount(0);
  await expect(page.locator("article")).toBeVisible();
  await expect(page.locator("article")).not.toHaveAttribute("lang", "en");
  expect(await seriousAccessibilityProblems(page)).toEqual([]);

  const missing = await page.goto("/en/blog/no-such-guide");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
});

test("the admin's posts sort by the header clicked on a wide screen, and by a menu on cards on a phone", async ({ page, browser, server }) => {
  const admin = await createAdmin(page.request, server);
  await signIn(page.request, server, admin);
  await page.goto("/en/blogs");
  const table = page.getByRole("table");
  const titles = table.locator("tbody tr td:first-child [lang]");
  // Newest first (published, else last edited).
  await expect(titles.first()).toBeVisible();
  const dates = await Promise.all((await table.locator("tbody tr time").all()).map(async (time) => (await time.getAttribute("datetime")) ?? ""));
  expect(dates.length).toBeGreaterThan(5);
  expect(dates).toEqual([...dates].sort().reverse());
  const titleHeader = page.getByRole("columnheader", { name: "Title" });
  await titleHeader.getByRole("button").click();
  await expect(titleHeader).toHaveAttribute("aria-sort", "ascending");
  const sorted = await titles.allTextContents();
  // The browser's own collation (its ICU orders Han characters unlike Node's), not the page's code.
  const collated = await page.evaluate((names) => [...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base", numeric: true })), sorted);
  expect(sorted).toEqual(collated);
  await titleHeader.getByRole("button").click();
  await expect(titleHeader).toHaveAttribute("aria-sort", "descending");
  expect(await titles.allTextContents()).toEqual([...sorted].reverse());
  expect(await seriousAccessibilityProblems(page)).toEqual([]);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: server.baseURL });
  const mobile = await phone.newPage();
  await signIn(mobile.request, server, admin);
  await mobile.goto("/ar/blogs");
  await expect(mobile.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(mobile.getByRole("table")).toHaveCount(0);
  const cards = mobile.getByRole("main").getByRole("listitem");
  await expect(cards.first()).toBeVisible();
  await mobile.getByLabel("الترتيب حسب").selectOption("date:asc");
  // Oldest first: the cheap-calls guide of 2 November, in Arabic.
  await expect(cards.first()).toContainText("/cheap-international-calls-guide");
  expect(Number(await mobile.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(390);
  expect(await seriousAccessibilityProblems(mobile)).toEqual([]);
  await phone.close();
});
