import { expect, test } from "./fixtures";

test("a visitor opening a customer page is sent to sign in", async ({ page }) => {
  await page.goto("/en/history");
  await expect(page).toHaveURL(/\/en\/auth$/);
  await expect(page.getByRole("tab", { name: "Log in" })).toHaveAttribute("aria-selected", "true");
});

test("a visitor opening an admin page is sent home", async ({ page }) => {
  await page.goto("/en/users");
  await expect(page).toHaveURL(/\/en$/);
});

test("/signup opens the sign-up tab and /auth without a language keeps the path", async ({ page }) => {
  await page.goto("/en/signup");
  await expect(page.getByRole("tab", { name: "Sign up" })).toHaveAttribute("aria-selected", "true");
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/en\/auth$/);
});

test("the language picker switches the same page to Arabic, right to left", async ({ page }) => {
  await page.goto("/en/auth");
  await page.getByRole("button", { name: /Language: English/ }).click();
  await page.getByRole("button", { name: "العربية" }).click();
  await expect(page).toHaveURL(/\/ar\/auth$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
});

test("on a phone the menu slides out with the visitor's links", async ({ browser, server }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: server.baseURL });
  const page = await context.newPage();
  await page.goto("/en");
  await page.getByRole("button", { name: "Menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu.getByRole("link", { name: "Sign up free" })).toBeVisible();
  await menu.getByRole("link", { name: "Sign up free" }).click();
  await expect(page).toHaveURL(/\/en\/signup$/);
  await context.close();
});
