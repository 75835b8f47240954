import { expect, test } from "./fixtures";

test("a visitor opening / lands on /en and sees the home page", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Make International Calls at the Lowest Rates");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("an unknown path shows the 404 page with a way home", async ({ page }) => {
  await page.goto("/en/this-page-does-not-exist");
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/en$/);
});

test("a browser preferring Swedish is sent to /sv and reads Swedish", async ({ browser, server }) => {
  const context = await browser.newContext({ locale: "sv-SE", baseURL: server.baseURL });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page).toHaveURL(/\/sv$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ring utlandssamtal till de lägsta priserna");
  await context.close();
});

test("Arabic renders right to left", async ({ page }) => {
  await page.goto("/ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("أجرِ مكالمات دولية بأقل الأسعار");
});

test("the server is ready and serves the API description", async ({ request }) => {
  expect(await (await request.get("/readyz")).json()).toMatchObject({ status: "ok", database: "pglite" });
  expect((await request.get("/api/docs/json")).ok()).toBe(true);
});
