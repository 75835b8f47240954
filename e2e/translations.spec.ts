import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { seriousAccessibilityProblems } from "./support/accessibility";
import { createAdmin, signIn } from "./support/accounts";

test("an admin corrects a French string and visitors see it on the French home page without a restart", async ({ page, browser, server }) => {
  // A visitor reads the French home page first, so the server has rendered and kept it.
  const visitor = await browser.newContext({ baseURL: server.baseURL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/fr");
  const heading = visitorPage.getByRole("heading", { level: 1 });
  const shipped = (await heading.textContent())?.trim() ?? "";
  expect(shipped).not.toBe("");

  const admin = await createAdmin(page.request, server);
  await signIn(page.request, server, admin);
  await page.goto("/en/translations?language=fr&q=hero.title");
  await expect(page.getByRole("heading", { level: 1, name: "Translations" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Missing values by language" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "hero.title" }).first();
  await expect(row).toContainText(shipped);
  expect(await seriousAccessibilityProblems(page)).toEqual([]);

  const corrected = `Appelez le monde entier au meilleur prix ${randomBytes(2).toString("hex")}`;
  await row.getByRole("button", { name: "Edit hero.title" }).click();
  const editor = page.getByRole("form", { name: "Edit translation hero.title" });
  await editor.getByLabel("Text in Français").fill(corrected);
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: "hero.title" }).first()).toContainText(corrected);

  // The visitor's next page: rendered again with the new string, not the kept page or a cached answer.
  await visitorPage.reload();
  await expect(visitorPage.getByRole("heading", { level: 1 })).toHaveText(corrected);
  const rendered = await (await visitorPage.request.get("/fr")).text();
  expect(rendered).toContain(corrected);
  // The admin, signed out (a signed-in home has no hero), sees it on /fr too.
  await page.context().clearCookies();
  await page.goto("/fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(corrected);

  // The shipped wording back, for the other specs that read the French home page.
  await signIn(page.request, server, admin);
  const restored = await page.request.put("/api/admin/translations", { data: { language: "fr", key: "hero.title", value: shipped }, headers: { origin: server.baseURL } });
  expect(restored.status()).toBe(200);
  await visitor.close();
});
