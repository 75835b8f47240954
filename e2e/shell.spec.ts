import { expect, test } from "./fixtures";
import { createVerifiedUser, signIn } from "./support/accounts";

test("the footer offers Sign up and Log in to visitors only", async ({ page, server }) => {
  await page.goto("/en/countries");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Sign up" })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Log in" })).toBeVisible();

  const customer = await createVerifiedUser(page.request, server);
  await signIn(page.request, server, customer);
  await page.reload();
  await expect(page.getByRole("button", { name: "Sign Out" }).first()).toBeAttached();
  await expect(footer.getByRole("link", { name: "Log in" })).toHaveCount(0);
  await expect(footer.getByRole("link", { name: "Sign up" })).toHaveCount(0);
});

test("the footer's location and the notifications region speak the reader's language", async ({ page }) => {
  await page.goto("/sv/countries");
  await expect(page.getByRole("contentinfo")).toContainText("Vi finns i Stockholm, Sverige");
  await page.goto("/ar/countries");
  await expect(page.getByRole("contentinfo")).toContainText("ستوكهولم، السويد");
  await expect(page.getByRole("region", { name: "الإشعارات (Alt+T)" })).toBeAttached();
});

test("on a phone, picking a language closes the menu and shows the page in that language", async ({ browser, server }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: server.baseURL });
  const page = await context.newPage();
  await page.goto("/en/countries");
  await page.getByRole("button", { name: "Menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  await menu.getByRole("button", { name: /Language/ }).click();
  await page.getByRole("button", { name: "Русский" }).click();
  await expect(page).toHaveURL(/\/ru\/countries$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("International call rates by country");
  await context.close();
});
