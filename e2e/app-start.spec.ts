import type { Page } from "@playwright/test";
import { BROWSER_ARGS, fullChromiumPath } from "../playwright.config";
import { expect, test } from "./fixtures";
import { createVerifiedUser, signIn } from "./support/accounts";

/**
 * When the app starts (decision 051). A page rendered for a visitor is whole as the server
 * wrote it, so its app waits for the visitor's first use; a signed-in customer's page starts
 * at once, because it keeps their balance live and rings for their calls.
 *
 * In the whole browser, as a person's: Chromium's headless build moves a pointer over each
 * page it loads, which is a first use (playwright.config.ts).
 */
test.use({ launchOptions: { executablePath: fullChromiumPath, args: BROWSER_ARGS } });

/** Opens `path` and returns once the network has been quiet, without the fixture's wait for the app; and the requests for the app's main module. */
async function openAndSettle(page: Page, path: string) {
  const appRequests: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/main-[\w-]+\.js$/.test(request.url())) appRequests.push(request.url());
  });
  await page.mainFrame().goto(path, { waitUntil: "networkidle" });
  return appRequests;
}

const appIsReady = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute("data-app-ready"));
/** Whether the app's code has run at all: it marks "app-start" on the browser's timeline first thing (src/web/main.tsx). */
const appHasRun = (page: Page) => page.evaluate(() => performance.getEntriesByName("app-start").length > 0);

test("a visitor's page waits, whole and readable, until they move the pointer, then the app takes it over", async ({ page }) => {
  const appRequests = await openAndSettle(page, "/en");
  // The page as the server wrote it: its heading, its links, its call section. The app's code was fetched into the
  // cache once the page had loaded, so that the first use need not wait for it, but it has not run.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "/en/faq");
  await expect.poll(() => appRequests.length).toBe(1);
  expect(await appHasRun(page)).toBe(false);
  expect(await appIsReady(page)).toBe(false);

  await page.mouse.move(40, 300);
  await page.locator("html[data-app-ready]").waitFor({ state: "attached" });
  expect(await appHasRun(page)).toBe(true);
  // Taken over: the language button opens its dialog.
  await page.getByRole("banner").getByRole("button", { name: /language/i }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
});

test("a keyboard user's first Tab starts the app on a country page", async ({ page }) => {
  await openAndSettle(page, "/en/country/in");
  expect(await appHasRun(page)).toBe(false);
  await page.keyboard.press("Tab");
  await page.locator("html[data-app-ready]").waitFor({ state: "attached" });
  expect(await appHasRun(page)).toBe(true);
});

test("a signed-in customer's page starts without being touched: their balance and calls are live", async ({ page, server }) => {
  const customer = await createVerifiedUser(page.request, server);
  await signIn(page.request, server, customer);
  await openAndSettle(page, "/en");
  await page.locator("html[data-app-ready]").waitFor({ state: "attached" });
});

test("a visitor's page whose state cannot be had (the connection drops) is rendered by the app itself and still answers", async ({ page }) => {
  await page.route("**/api/page-state?**", (route) => route.abort("connectionfailed"));
  await openAndSettle(page, "/en");
  await page.mouse.move(40, 300);
  await page.locator("html[data-app-ready]").waitFor({ state: "attached" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("banner").getByRole("button", { name: /language/i }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
});

test("a press with nothing before it (a screen reader's activation) starts the app, and is acted on", async ({ page }) => {
  await openAndSettle(page, "/en");
  // A click event alone, as assistive technology sends one: no pointer move, no key, no focus.
  await page.getByRole("banner").getByRole("button", { name: /language/i }).dispatchEvent("click");
  await page.locator("html[data-app-ready]").waitFor({ state: "attached" });
  await expect(page.getByRole("dialog")).toBeVisible();
});
