import { readFileSync } from "node:fs";
import { appRunning, expect, test } from "./fixtures";
import { seriousAccessibilityProblems } from "./support/accessibility";

// The expected wording is read from the shipped translation files, not from the page's code.
const strings = (language: string, file: string) =>
  JSON.parse(readFileSync(new URL(`../data/translations/${language}/${file}.json`, import.meta.url), "utf8")) as Record<string, string>;
const enFaq = strings("en", "faq");
const arLegal = strings("ar", "legal");
const arShell = strings("ar", "shell");

test("a visitor opens the FAQ from the footer and expands a question with the keyboard", async ({ page }) => {
  await page.goto("/en");
  await page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }).click();
  await expect(page).toHaveURL(/\/en\/faq$/);
  // The footer waits to be taken over until it is needed (decision 034): a click on it before then may be a plain
  // link's, which loads the FAQ page afresh. Keys pressed before that page is taken over reach no handler.
  await appRunning(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(enFaq["faq.heading"] ?? "");
  await expect(page).toHaveTitle(`${enFaq["faq.title"]} · Dialwise`);

  // Arrow keys move between questions; Enter opens the focused one.
  const first = page.getByRole("button", { name: enFaq["faq.q.how_to_call"] });
  await first.focus();
  await expect(first).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(first).not.toBeFocused();
  await page.keyboard.press("ArrowDown");
  const emergency = page.getByRole("button", { name: enFaq["faq.q.emergency"] });
  await expect(emergency).toBeFocused();
  await expect(emergency).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("Enter");
  await expect(emergency).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByText("always use a regular mobile or landline phone")).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(emergency).toHaveAttribute("aria-expanded", "false");

  await expect(page.getByRole("link", { name: enFaq["faq.see_countries"] })).toHaveAttribute("href", "/en/countries");
  await expect(page.getByRole("link", { name: enFaq["faq.sign_up"] })).toHaveAttribute("href", "/en/signup");
  expect(await seriousAccessibilityProblems(page)).toEqual([]);
});

test("a visitor reads the terms and the privacy policy in Arabic, right to left", async ({ page }) => {
  await page.goto("/ar/terms");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(arLegal["legal.terms.title"] ?? "");
  await expect(page.getByRole("heading", { level: 2, name: arLegal["legal.terms.emergency.title"] })).toBeVisible();
  await expect(page.getByText(arLegal["legal.terms.emergency.p2"] ?? "")).toBeVisible();

  // The contents link moves to its section.
  await page.getByRole("navigation", { name: arLegal["legal.contents"] }).getByRole("link", { name: arLegal["legal.terms.refunds.title"] }).click();
  await expect(page.getByRole("heading", { level: 2, name: arLegal["legal.terms.refunds.title"] })).toBeFocused();
  await expect(page).toHaveURL(/#terms-refunds$/);
  expect(await seriousAccessibilityProblems(page)).toEqual([]);

  await page.getByRole("contentinfo").getByRole("link", { name: arShell["footer.privacy"] }).click();
  await expect(page).toHaveURL(/\/ar\/privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(arLegal["legal.privacy.title"] ?? "");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 2, name: arLegal["legal.privacy.calls.title"] })).toBeVisible();
  expect(await seriousAccessibilityProblems(page)).toEqual([]);
});

test("the content pages answer 200 and unknown content pages 404", async ({ request }) => {
  for (const path of ["/en/faq", "/sv/terms", "/zh/privacy"]) expect((await request.get(path)).status(), path).toBe(200);
  expect((await request.get("/en/faqs")).status()).toBe(404);
});
